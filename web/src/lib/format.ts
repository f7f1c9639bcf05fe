import { englishAmount } from '@remit/contracts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/**
 * A moment (a draft's save, a history entry) in the browser's own locale: the spec quotes no format for these
 * (issue 30, item 4), so a German browser reads "27.11.2026, 14:05". Dates and amounts the spec does quote stay en-US.
 */
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A count in the browser's locale ("1,250", "1.250"), where the spec quotes no format. */
export const formatCount = (n: number) => n.toLocaleString();

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
export const formatAmount = englishAmount;

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Today's calendar date in the user's time zone, plus `days`, as yyyy-mm-dd. */
export function isoDay(days = 0, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
