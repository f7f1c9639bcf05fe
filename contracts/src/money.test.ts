import { describe, expect, it } from 'vitest';
import { currencies, currencyByCode } from './currencies.js';
import {
  addMoney,
  applyRate,
  computeTotals,
  formatMoney,
  lineTotal,
  MoneyError,
  money,
  toDecimalString,
  toMinorUnits,
} from './money.js';

describe('currencies', () => {
  it('lists each code once, with the decimals ISO 4217 gives', () => {
    const codes = currencies.map((currency) => currency.value);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(90);
    for (const code of ['JPY', 'KRW', 'VND', 'CLP', 'ISK']) expect(currencyByCode(code)?.decimals).toBe(0);
    for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND']) expect(currencyByCode(code)?.decimals).toBe(3);
    expect(currencyByCode('eur')).toEqual({ value: 'EUR', label: 'EUR - Euro', symbol: '€', decimals: 2 });
    expect(currencyByCode('XXX')).toBeUndefined();
  });
});

describe('toMinorUnits', () => {
  it('parses exactly, in the currency’s decimals', () => {
    expect(toMinorUnits('1234.56', 'EUR')).toBe(123456);
    expect(toMinorUnits('0.1', 'EUR')).toBe(10);
    expect(toMinorUnits('.5', 'EUR')).toBe(50);
    expect(toMinorUnits('12', 'KWD')).toBe(12000);
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(toMinorUnits('-3.10', 'USD')).toBe(-310);
    // 0.1 + 0.2 is the classic float trap; here it is just digits.
    expect(toMinorUnits('0.30', 'EUR')).toBe(30);
  });

  it('rounds extra decimals half away from zero', () => {
    expect(toMinorUnits('1.005', 'EUR')).toBe(101);
    expect(toMinorUnits('1.0049', 'EUR')).toBe(100);
    expect(toMinorUnits('-1.005', 'EUR')).toBe(-101);
    expect(toMinorUnits('0.5', 'JPY')).toBe(1);
    expect(toMinorUnits('1.2345', 'KWD')).toBe(1235);
  });

  it('refuses what is not a plain decimal, and amounts beyond the safe range', () => {
    for (const bad of ['', '.', 'abc', '1,000.00', '1e3', '--1', '1.2.3']) {
      expect(() => toMinorUnits(bad, 'EUR')).toThrow(MoneyError);
    }
    expect(toMinorUnits('90071992547409.91', 'EUR')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinorUnits('90071992547409.92', 'EUR')).toThrow(MoneyError);
    expect(() => toMinorUnits('1', 'XXX')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('prints the symbol and the currency’s decimals', () => {
    expect(formatMoney(money(123456, 'EUR'))).toBe('€1,234.56');
    expect(formatMoney(money(1200, 'JPY'))).toBe('¥1,200');
    expect(formatMoney(money(12345, 'KWD'))).toBe('KD\u00A012.345');
    expect(formatMoney(money(1234567, 'INR'))).toBe('₹12,345.67');
    expect(formatMoney(money(5, 'CHF'))).toBe('CHF\u00A00.05');
    expect(formatMoney(money(-250, 'USD'))).toBe('-$2.50');
    expect(formatMoney(money(123456, 'EUR'), 'de-DE')).toBe('1.234,56\u00A0€');
  });

  it('keeps every digit of the largest amounts', () => {
    expect(formatMoney(money(Number.MAX_SAFE_INTEGER, 'EUR'))).toBe('€90,071,992,547,409.91');
    expect(toDecimalString(money(Number.MAX_SAFE_INTEGER, 'KWD'))).toBe('9007199254740.991');
  });
});

describe('arithmetic', () => {
  it('refuses to mix currencies', () => {
    expect(() => addMoney(money(1, 'EUR'), money(1, 'USD'))).toThrow('Cannot combine EUR with USD');
  });

  it('multiplies lines exactly and refuses overflow', () => {
    expect(lineTotal(3, 1999)).toBe(5997);
    expect(lineTotal(-2, 500)).toBe(-1000);
    expect(() => lineTotal(1.5, 100)).toThrow(MoneyError);
    expect(() => lineTotal(2, Number.MAX_SAFE_INTEGER)).toThrow(MoneyError);
  });

  it('rounds a rate half away from zero', () => {
    expect(applyRate(1999, 2000)).toBe(400); // 399.8
    expect(applyRate(25, 2000)).toBe(5); // exactly 5
    expect(applyRate(5, 1000)).toBe(1); // 0.5 → 1
    expect(applyRate(-5, 1000)).toBe(-1);
    expect(applyRate(4, 1000)).toBe(0); // 0.4 → 0
    expect(applyRate(Number.MAX_SAFE_INTEGER, 100)).toBe(90071992547410); // exact via BigInt
  });
});

describe('computeTotals', () => {
  it('computes EUR lines, subtotal, tax on the subtotal once, and total', () => {
    const totals = computeTotals(
      [
        { quantity: 3, unitPrice: 333 },
        { quantity: 1, unitPrice: 1 },
      ],
      1950,
      'EUR',
    );
    expect(totals.lines.map((line) => line.amount)).toEqual([999, 1]);
    expect(totals.subtotal).toEqual({ amount: 1000, currency: 'EUR' });
    expect(totals.tax.amount).toBe(195);
    expect(totals.total.amount).toBe(1195);
  });

  it('taxes the subtotal, not each line, so rounding happens once', () => {
    // Per line, 0.5 yen of tax would round up three times (3); on the subtotal it is 1.5 → 2.
    const totals = computeTotals(
      Array.from({ length: 3 }, () => ({ quantity: 1, unitPrice: 5 })),
      1000,
      'JPY',
    );
    expect(totals.tax.amount).toBe(2);
    expect(totals.total.amount).toBe(17);
  });

  it('handles KWD’s three decimals', () => {
    const totals = computeTotals([{ quantity: 7, unitPrice: toMinorUnits('12.345', 'KWD') }], 500, 'KWD');
    expect(formatMoney(totals.subtotal)).toBe('KD\u00A086.415');
    expect(totals.tax.amount).toBe(4321); // 4.32075 → 4.321
    expect(formatMoney(totals.total)).toBe('KD\u00A090.736');
  });

  it('sums many items without drift', () => {
    const items = Array.from({ length: 10_000 }, () => ({
      quantity: 1,
      unitPrice: toMinorUnits('0.10', 'EUR'),
    }));
    const totals = computeTotals(items, 0, 'EUR');
    expect(totals.subtotal.amount).toBe(100_000);
    expect(formatMoney(totals.total)).toBe('€1,000.00');
  });

  it('refuses totals beyond the safe range', () => {
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2) + 1;
    expect(() =>
      computeTotals(
        [
          { quantity: 1, unitPrice: half },
          { quantity: 1, unitPrice: half },
        ],
        0,
        'EUR',
      ),
    ).toThrow(MoneyError);
    expect(() => computeTotals([{ quantity: 1, unitPrice: Number.MAX_SAFE_INTEGER }], 2000, 'EUR')).toThrow(
      MoneyError,
    );
  });
});
