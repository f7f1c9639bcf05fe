import type { RecurringSchedule } from './events/recurring.js';
import { addDays } from './invoices-api.js';

/**
 * A recurring profile's calendar (D-273): the date of its nth period (0-based) is a pure function of the schedule,
 * so nothing about past runs but how many periods were handled is ever stored. Monthly, quarterly and yearly
 * periods fall on the day of the month asked for (or the start's), clamped to the month's last day (the 31st in
 * February is the 28th or 29th, and March's is the 31st again); 'last' is every month's last day.
 */

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

const MONTHS: Record<RecurringSchedule['frequency'], number> = {
  weekly: 0,
  monthly: 1,
  quarterly: 3,
  yearly: 12,
};

/** The date (YYYY-MM-DD) of period `n`, or null when the schedule has ended before it. */
export function periodDate(schedule: Omit<RecurringSchedule, 'timeZone'>, n: number): string | null {
  if (schedule.count !== null && n >= schedule.count) return null;
  let date: string;
  if (schedule.frequency === 'weekly') {
    date = addDays(schedule.startDate, 7 * n);
  } else {
    const [year, month, day] = schedule.startDate.split('-').map(Number) as [number, number, number];
    const index = month - 1 + MONTHS[schedule.frequency] * n;
    const y = year + Math.floor(index / 12);
    const m = ((index % 12) + 12) % 12;
    const wanted = schedule.dayOfMonth === 'last' ? 31 : (schedule.dayOfMonth ?? day);
    const d = Math.min(wanted, lastDayOf(y, m));
    date = `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    // A day of the month before the start's day in the start's month: the first period is the next month's.
    if (schedule.dayOfMonth !== null && n === 0 && date < schedule.startDate)
      return periodDate({ ...schedule, startDate: nextMonthStart(schedule.startDate) }, 0);
  }
  if (schedule.endDate !== null && date > schedule.endDate) return null;
  return date;
}

function nextMonthStart(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month, 1));
  return next.toISOString().slice(0, 10);
}

/** The first period whose date is on or after `day` (counting from `from`); the schedule's end if none. */
export function firstPeriodFrom(
  schedule: Omit<RecurringSchedule, 'timeZone'>,
  from: number,
  day: string,
): number {
  let n = from;
  for (;;) {
    const date = periodDate(schedule, n);
    if (date === null || date >= day) return n;
    n++;
  }
}
