import {
  type Catalogue,
  catalogue,
  currencyByCode,
  formatDocumentDate,
  formatMoney,
  type PublicInvoiceView,
} from '@remit/contracts';

const englishDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Spec §9's short en-US amount, as the app writes it (web/src/lib/format.ts formatAmount). */
export function englishAmount(amount: number, currency: string): string {
  if (!currencyByCode(currency) || !Number.isSafeInteger(amount)) return `${amount} ${currency}`;
  return formatMoney({ amount, currency });
}

export interface PageWords {
  t: Catalogue['page'];
  money: (amount: number) => string;
  date: (iso: string) => string;
}

/**
 * The page in the invoice's language (issue 30): its words from the catalogue, money and dates as the language
 * writes them. English keeps the app's short dates and amounts (spec §9).
 */
export function pageWords(view: PublicInvoiceView): PageWords {
  const words = catalogue(view.language);
  const english = view.language === 'en';
  return {
    t: words.page,
    money: (amount) =>
      english
        ? englishAmount(amount, view.currency)
        : formatMoney({ amount, currency: view.currency }, words.locale.money),
    date: (iso) =>
      english ? englishDate.format(new Date(`${iso}T00:00:00Z`)) : formatDocumentDate(iso, view.language),
  };
}
