import { currencyByCode } from '../currencies.js';
import { englishAmount } from '../english-amount.js';
import { formatMoney } from '../money.js';
import { catalogue, formatDocumentDate } from './index.js';

const englishDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export interface PageFormats {
  money: (amount: number) => string;
  date: (iso: string) => string;
  quantity: (quantity: number) => string;
}

/**
 * Money, days and quantities on a customer page (`/i/{token}`, `/q/{token}`; issue 30): as the document's language
 * writes them ("1.901,00 €", "3. März 2026", "7,5"). English keeps the app's short forms (spec §9: "€1,901.00",
 * "Mar 3, 2026", "7.5").
 */
export function pageFormats(language: string, currency: string): PageFormats {
  const day = (format: (iso: string) => string) => (iso: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(iso) ? format(iso) : iso;
  if (language === 'en') {
    return {
      money: (amount) => englishAmount(amount, currency),
      date: day((iso) => englishDate.format(new Date(`${iso}T00:00:00Z`))),
      quantity: (quantity) => String(quantity),
    };
  }
  const { locale } = catalogue(language);
  const quantities = new Intl.NumberFormat(locale.money, { maximumFractionDigits: 4 });
  return {
    money: (amount) =>
      currencyByCode(currency) && Number.isSafeInteger(amount)
        ? formatMoney({ amount, currency }, locale.money)
        : `${amount} ${currency}`,
    date: day((iso) => formatDocumentDate(iso, language)),
    quantity: (quantity) => quantities.format(quantity),
  };
}
