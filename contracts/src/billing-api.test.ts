import { describe, expect, it } from 'vitest';
import { formatEuroCents, monthlyEquivalentCents, planPrices } from './billing-api.js';

describe('plan prices as the plans screen shows them (spec §9)', () => {
  it('prints euro cents with two decimals, from integers only', () => {
    expect(formatEuroCents(planPrices['per-invoice'].amount)).toBe('€3.99');
    expect(formatEuroCents(planPrices['pro-monthly'].amount)).toBe('€9.99');
    expect(formatEuroCents(planPrices['pro-yearly'].amount)).toBe('€83.99');
    expect(formatEuroCents(5)).toBe('€0.05');
    expect(formatEuroCents(100)).toBe('€1.00');
  });

  it('shows Pro Yearly as a twelfth of its price, rounded half up to the cent', () => {
    expect(formatEuroCents(monthlyEquivalentCents(planPrices['pro-yearly'].amount))).toBe('€7.00');
    expect(monthlyEquivalentCents(1206)).toBe(101); // 100.5 → 101
    expect(monthlyEquivalentCents(1205)).toBe(100); // 100.41…
    expect(monthlyEquivalentCents(1200)).toBe(100);
  });
});
