import { currencyByCode, formatMoney } from '@remit/contracts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §9: short en-US dates (month, day, year). A yyyy-mm-dd date is a calendar day, not an instant. */
export function formatDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(day);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/** Minor units in the invoice's own currency, en-US grouping (spec §9). */
export function formatAmount(amount: number, currency: string): string {
  if (!currencyByCode(currency) || !Number.isSafeInteger(amount)) return `${amount} ${currency}`;
  return formatMoney({ amount, currency });
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Today's calendar date in the user's time zone, plus `days`, as yyyy-mm-dd. */
export function isoDay(days = 0, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
