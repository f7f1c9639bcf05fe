import { describe, expect, it } from 'vitest';
import { dayIn } from './quotes-api.js';
import { firstPeriodFrom, periodDate } from './recurring-schedule.js';

const monthly = (startDate: string, dayOfMonth: number | 'last' | null = null) => ({
  frequency: 'monthly' as const,
  dayOfMonth,
  startDate,
  endDate: null,
  count: null,
});

describe('the recurring calendar', () => {
  it('puts the 31st in February on its last day, and March back on the 31st', () => {
    const dates = [0, 1, 2, 3].map((n) => periodDate(monthly('2027-01-31'), n));
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(periodDate(monthly('2028-01-31'), 1)).toBe('2028-02-29');
  });

  it("takes 'last' as every month's last day, and a day before the start's as next month's", () => {
    expect([0, 1, 2].map((n) => periodDate(monthly('2027-01-10', 'last'), n))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
    expect(periodDate(monthly('2027-01-20', 5), 0)).toBe('2027-02-05');
  });

  it('counts weeks, quarters and years, and ends at the end date or the count', () => {
    const base = { dayOfMonth: null, startDate: '2027-11-30', endDate: null, count: null };
    expect(periodDate({ ...base, frequency: 'weekly' }, 2)).toBe('2027-12-14');
    expect(periodDate({ ...base, frequency: 'quarterly' }, 1)).toBe('2028-02-29');
    expect(periodDate({ ...base, frequency: 'yearly' }, 1)).toBe('2028-11-30');
    expect(periodDate({ ...base, frequency: 'weekly', count: 2 }, 2)).toBeNull();
    expect(periodDate({ ...base, frequency: 'weekly', endDate: '2027-12-10' }, 2)).toBeNull();
    expect(firstPeriodFrom({ ...base, frequency: 'weekly' }, 0, '2027-12-08')).toBe(2);
  });

  it("reads the owner's day in their zone, not UTC's", () => {
    const at = new Date('2026-12-31T12:30:00Z');
    expect(dayIn(at, 'UTC')).toBe('2026-12-31');
    expect(dayIn(at, 'Pacific/Auckland')).toBe('2027-01-01');
    expect(dayIn(new Date('2027-01-01T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-12-31');
  });
});
