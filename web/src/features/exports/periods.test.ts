import { describe, expect, it } from 'vitest';
import { periodLabel, periodOf } from './periods';

describe('export periods', () => {
  it('computes months, quarters and years from today, across year ends', () => {
    expect(periodOf('this-month', '2025-02-14')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(periodOf('last-month', '2025-01-10')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(periodOf('this-quarter', '2024-05-31')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
    expect(periodOf('last-quarter', '2025-02-01')).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(periodOf('this-year', '2024-02-29')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(periodOf('last-year', '2024-02-29')).toEqual({ from: '2023-01-01', to: '2023-12-31' });
  });

  it('names a period in words', () => {
    expect(periodLabel('2025-01-01', '2025-03-31')).toBe('1 Jan 2025 – 31 Mar 2025');
  });
});
