import { describe, expect, it } from 'vitest';
import { firstRunAfter } from './editorValues';

describe("a schedule made from an invoice ('Make recurring', 'Repeat this invoice')", () => {
  it('runs first one period after the invoice, on the month’s last day when the day is missing', () => {
    expect(firstRunAfter('2027-01-31', 'monthly', '2027-01-31')).toBe('2027-02-28');
    expect(firstRunAfter('2027-01-31', 'quarterly', '2027-01-31')).toBe('2027-04-30');
    expect(firstRunAfter('2027-01-31', 'weekly', '2027-01-31')).toBe('2027-02-07');
    expect(firstRunAfter('2028-02-29', 'yearly', '2028-02-29')).toBe('2029-02-28');
  });

  it('never starts in the past: an old invoice repeats from its next date, not every period since', () => {
    expect(firstRunAfter('2026-01-15', 'monthly', '2026-11-28')).toBe('2026-12-15');
    expect(firstRunAfter('2026-10-28', 'monthly', '2026-11-28')).toBe('2026-11-28');
  });
});
