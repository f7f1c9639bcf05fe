import { type Catalogue, catalogue, type PublicInvoiceView, pageFormats } from '@remit/contracts';

export interface PageWords {
  t: Catalogue['page'];
  money: (amount: number) => string;
  date: (iso: string) => string;
}

/**
 * The page in the invoice's language (issue 30): its words from the catalogue, money and dates as the language
 * writes them (pageFormats). English keeps the app's short dates and amounts (spec §9).
 */
export function pageWords(view: PublicInvoiceView): PageWords {
  const { money, date } = pageFormats(view.language, view.currency);
  return { t: catalogue(view.language).page, money, date };
}
