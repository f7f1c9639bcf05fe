/** The periods the Export screen offers, computed from today (yyyy-mm-dd, the user's calendar day). */
export const periodChoices = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'last-quarter', label: 'Last quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-year', label: 'Last year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type PeriodChoice = (typeof periodChoices)[number]['value'];

const day = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);

/** First and last day of `months` months starting at month `start` (0-based, may be negative) of `year`. */
const span = (year: number, start: number, months: number) => ({
  from: day(year, start, 1),
  to: day(year, start + months, 0),
});

export function periodOf(
  choice: Exclude<PeriodChoice, 'custom'>,
  today: string,
): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const quarter = month - (month % 3);
  switch (choice) {
    case 'this-month':
      return span(year, month, 1);
    case 'last-month':
      return span(year, month - 1, 1);
    case 'this-quarter':
      return span(year, quarter, 3);
    case 'last-quarter':
      return span(year, quarter - 3, 3);
    case 'this-year':
      return span(year, 0, 12);
    case 'last-year':
      return span(year - 1, 0, 12);
  }
}

/** Today in the user's own calendar, as yyyy-mm-dd. */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** "1 Jan 2025 – 31 Mar 2025" */
export function periodLabel(from: string, to: string): string {
  const format = (value: string) =>
    new Date(`${value}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return `${format(from)} – ${format(to)}`;
}
