import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyByCode } from './currencies.js';
import { liveTotals } from './invoice-amounts.js';
import { invoiceFormErrors } from './invoice-form.js';
import { invoiceMessages as m } from './invoice-form-messages.js';
import { readQuantity, readTaxRate, readUnitPrice } from './invoice-form-numbers.js';
import { decimalString, readTypedNumber } from './typed-number.js';

// A fixed seed: the same strings every run, so a failure is reproducible and CI is deterministic.
fc.configureGlobal({ seed: 20_261_123, numRuns: 3000 });

const GROUPINGS = ['', ',', '.', ' ', '\u00A0', '\u202F', "'", '’'] as const;
const DECIMAL_MARKS = ['.', ','] as const;

/** A decimal as an exact comparable string: no sign on zero, no leading or trailing zeros. */
function canonical(negative: boolean, whole: string, fraction: string): string {
  const int = whole.replace(/^0+/, '') || '0';
  const frac = fraction.replace(/0+$/, '');
  const zero = int === '0' && frac === '';
  return `${negative && !zero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The oracle, written independently of the reader: every way the string can be read under some common
 * convention (a grouping character between groups of three, a point or a comma for decimals). A reader
 * that answers a number must answer the one every convention agrees on.
 */
function readings(typed: string): Set<string> {
  return new Set(readingsWithDecimals(typed).map(([value]) => value));
}

/**
 * The readings that fit a currency with `decimals` (typed-amount.ts): none with more decimals than it has;
 * where two fit (a lone mark before three digits in a 3-decimal currency), the mark is the decimal one.
 */
function readingInCurrency(typed: string, decimals: number): string | null {
  const fitting = readingsWithDecimals(typed).filter(([, typedDecimals]) => typedDecimals <= decimals);
  const values = new Set(fitting.map(([value]) => value));
  if (values.size <= 1) return fitting[0]?.[0] ?? null;
  const longest = Math.max(...fitting.map(([, typedDecimals]) => typedDecimals));
  return fitting.find(([, typedDecimals]) => typedDecimals === longest)?.[0] ?? null;
}

/** Every reading with the number of decimals typed for it. */
function readingsWithDecimals(typed: string): Array<[value: string, typedDecimals: number]> {
  const found: Array<[string, number]> = [];
  for (const group of GROUPINGS) {
    for (const mark of DECIMAL_MARKS) {
      if (group === mark) continue;
      const whole = group ? `[1-9]\\d{0,2}(?:${escapeRegExp(group)}\\d{3})+|\\d*` : '\\d*';
      const pattern = new RegExp(`^([+\\-\u2212])?(${whole})(?:${escapeRegExp(mark)}(\\d*))?$`);
      const match = pattern.exec(typed.trim());
      if (!match || !/\d/.test(`${match[2]}${match[3] ?? ''}`)) continue;
      const digits = (match[2] ?? '').split(group || '\u0000').join('');
      found.push([
        canonical(Boolean(match[1]) && match[1] !== '+', digits, match[3] ?? ''),
        (match[3] ?? '').length,
      ]);
    }
  }
  return found;
}

function readValue(typed: string): string | null {
  const read = readTypedNumber(typed);
  return read.kind === 'number' ? canonical(read.negative, read.whole, read.fraction) : null;
}

/** Strings made of what people type into number fields, plus anything else now and then. */
const typedStrings = fc.oneof(
  fc.stringMatching(/^[ +\-\u22120-9.,'’\u00A0\u202F]{0,14}$/),
  fc.string({ maxLength: 12 }),
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** 12n }),
      fc.stringMatching(/^\d{0,4}$/),
      fc.constantFrom(...GROUPINGS),
      fc.constantFrom(...DECIMAL_MARKS),
      fc.constantFrom('', '-', '+', '\u2212'),
      fc.constantFrom('', ' ', '  '),
    )
    .map(([whole, fraction, group, mark, sign, pad]) => {
      const digits = whole.toString();
      const grouped = group ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, group) : digits;
      return `${pad}${sign}${grouped}${fraction ? `${mark}${fraction}` : ''}${pad}`;
    }),
);

describe('typed numbers (docs/decisions.md, "Typed numbers keep their meaning")', () => {
  it.each([
    ['7.5', '7.5'],
    ['12,50', '12.50'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00A0234,56', '1234.56'],
    ["1'234.50", '1234.50'],
    ['1.234.567', '1234567'],
    ['1,234,567', '1234567'],
    ['-2', '-2'],
    ['\u22125', '-5'],
    ['+3', '3'],
    ['.5', '0.5'],
    [',5', '0.5'],
    ['0,125', '0.125'],
    ['1234,567', '1234.567'],
    ['12.', '12'],
    ['  42  ', '42'],
    ['007', '7'],
    ['-0', '0'],
  ])('%j reads as %s', (typed, value) => {
    const read = readTypedNumber(typed);
    expect(read.kind === 'number' ? decimalString(read) : read.kind).toBe(value);
  });

  it.each([
    ['1,234', 'unclear'],
    ['1.000', 'unclear'],
    ['12.500', 'unclear'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'invalid'],
    ['1e3', 'invalid'],
    ['12 50', 'invalid'],
    ['1,23,456', 'invalid'],
    ['1.234.5', 'invalid'],
    ['1,234.567,8', 'invalid'],
    ['5-', 'invalid'],
    ['--5', 'invalid'],
    ['$12', 'invalid'],
    ['.', 'invalid'],
    ['-', 'invalid'],
  ])('%j is %s', (typed, kind) => {
    expect(readTypedNumber(typed).kind).toBe(kind);
  });

  it('JSON numbers are read exactly as JavaScript prints them', () => {
    expect(readTypedNumber(1.234)).toEqual({ kind: 'number', negative: false, whole: '1', fraction: '234' });
    expect(readTypedNumber(-5)).toEqual({ kind: 'number', negative: true, whole: '5', fraction: '' });
    expect(readTypedNumber(1e21)).toMatchObject({ whole: '1000000000000000000000' });
    expect(readTypedNumber(Number.NaN).kind).toBe('invalid');
  });

  it('property: a string is read as a number only when every convention reads it as that number', () => {
    fc.assert(
      fc.property(typedStrings, (typed) => {
        const value = readValue(typed);
        const all = readings(typed);
        if (value !== null) {
          expect([...all]).toEqual([value]);
        } else if (readTypedNumber(typed).kind !== 'empty') {
          // Refused: the conventions disagree, or none of them reads it.
          expect(all.size).not.toBe(1);
        }
      }),
    );
  });

  it('property: a number written in any common convention reads as itself or is refused as unclear', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.stringMatching(/^\d{0,6}$/),
        fc.constantFrom(...GROUPINGS),
        fc.constantFrom(...DECIMAL_MARKS),
        fc.boolean(),
        (whole, fraction, group, mark, negative) => {
          if (group === mark) return;
          const digits = whole.toString();
          const grouped = group ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, group) : digits;
          const typed = `${negative ? '-' : ''}${grouped}${fraction ? `${mark}${fraction}` : ''}`;
          const read = readTypedNumber(typed);
          const meant = canonical(negative, digits, fraction);
          if (read.kind === 'number') expect(canonical(read.negative, read.whole, read.fraction)).toBe(meant);
          else expect(read.kind).toBe('unclear');
          // Only a lone point or comma after 1–3 digits and before exactly three is unclear.
          expect(read.kind === 'unclear').toBe(/^-?[1-9]\d{0,2}[.,]\d{3}$/.test(typed));
        },
      ),
    );
  });
});

describe('the invoice form never shows a silently different amount', () => {
  const quantityMessages = [m.quantityMin, m.quantityWhole, m.quantityUnclear, m.quantityTooLarge];
  const taxMessages = [m.taxRateInvalid, m.taxRateUnclear];

  it.each([
    ['7.5', m.quantityWhole],
    ['-2', m.quantityMin],
    ['0', m.quantityMin],
    ['', m.quantityMin],
    ['abc', m.quantityWhole],
    ['1.000', m.quantityUnclear],
    ['1,000,000', 1_000_000],
    ['1000001', m.quantityTooLarge],
    ['3', 3],
    ['2,0', 2],
  ])('quantity %j → %j', (typed, expected) => {
    const read = readQuantity(typed);
    expect(typeof read === 'number' ? read : read.message).toBe(expected);
  });

  it.each([
    ['12,50', '12.50'],
    ['-5', m.unitPriceMin],
    ['-0,5', m.unitPriceMin],
    ['abc', m.unitPriceInvalid],
    ['', m.unitPriceInvalid],
    [
      '1,234',
      'Unit price can have at most 2 decimals in EUR (type thousands without a separator, such as 1234.50)',
    ],
    ['1.234,56', '1234.56'],
    ['1000000000.01', m.unitPriceTooLarge],
    ['1000000000', '1000000000'],
  ])('unit price %j → %j', (typed, expected) => {
    const read = readUnitPrice(typed, 'EUR');
    expect(typeof read === 'string' ? read : read.message).toBe(expected);
  });

  it.each([
    ['-5', m.taxRateInvalid],
    ['7,5', '7.5'],
    ['7.55', '7.55'],
    ['7.555', m.taxRateUnclear],
    ['7.5551', m.taxRateInvalid],
    ['100.01', m.taxRateInvalid],
    ['', ''],
  ])('tax rate %j → %j', (typed, expected) => {
    const read = readTaxRate(typed);
    expect(typeof read === 'string' ? read : read.message).toBe(expected);
  });

  it('prices with more decimals than the currency has are refused, not rounded', () => {
    const form = (currency: string, unitPrice: string) => ({
      currency,
      items: [{ description: 'Tea', quantity: '1', unitPrice }],
    });
    expect(invoiceFormErrors(form('USD', '0,125'))['items.0.unitPrice']).toBe(
      'Unit price can have at most 2 decimals in USD',
    );
    expect(invoiceFormErrors(form('KWD', '0,125'))['items.0.unitPrice']).toBeUndefined();
    expect(invoiceFormErrors(form('USD', '12.50'))['items.0.unitPrice']).toBeUndefined();
    expect(invoiceFormErrors(form('JPY', '1200.5'))['items.0.unitPrice']).toBe(
      'Unit price cannot have decimals in JPY',
    );
  });

  it('property: for any typed quantity, price and tax rate the form shows the meant amounts or a message', () => {
    fc.assert(
      fc.property(
        typedStrings,
        typedStrings,
        typedStrings,
        fc.constantFrom('USD', 'EUR', 'JPY', 'KWD'),
        (quantity, unitPrice, taxRate, currency) => {
          const form = { currency, taxRate, items: [{ description: 'Tea', quantity, unitPrice }] };
          const errors = invoiceFormErrors(form);
          const totals = liveTotals(form);
          const line = totals.lines[0]?.amount ?? 0;
          const decimals = currencyByCode(currency)?.decimals ?? 2;

          const quantityError = errors['items.0.quantity'];
          const meantQuantity = readValue(quantity);
          if (quantityError) expect(quantityMessages).toContain(quantityError);
          else expect(meantQuantity).toMatch(/^[1-9]\d*$/);

          const priceError = errors['items.0.unitPrice'];
          const meantPrice = readingInCurrency(unitPrice, decimals);
          if (!priceError) {
            // Shown without a message: exactly what every convention reads, above 0, no digit rounded away.
            expect(meantPrice).not.toBeNull();
            const [whole = '', fraction = ''] = (meantPrice ?? '').split('.');
            expect(whole.startsWith('-')).toBe(false);
            expect(fraction.length).toBeLessThanOrEqual(decimals);
            expect(meantPrice).not.toBe('0');
            if (!quantityError) {
              const minor = BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
              expect(BigInt(line)).toBe(BigInt(meantQuantity ?? '0') * minor);
            }
          }
          if (quantityError || priceError) expect(line).toBe(0);

          const taxError = errors.taxRate;
          if (taxError) expect(taxMessages).toContain(taxError);
          else if (taxRate.trim() !== '')
            expect(readValue(taxRate)).toBe(readValue(String(readTaxRate(taxRate))));
        },
      ),
      { numRuns: 1500 },
    );
  });
});
