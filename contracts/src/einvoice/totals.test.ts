import { describe, expect, it } from 'vitest';
import { computeTotals } from '../money.js';
import { REVERSE_CHARGE_NOTE } from './legal-texts.js';
import { formatQuantity, parseQuantity, QuantityError, wholeQuantity } from './quantity.js';
import { sampleEInvoice } from './sample.js';
import { computeEInvoiceTotals, lineNetAmount } from './totals.js';

describe('quantities', () => {
  it('holds up to 4 decimals exactly as ten-thousandths', () => {
    expect(parseQuantity('1.5')).toBe(15000);
    expect(parseQuantity('0.0001')).toBe(1);
    expect(parseQuantity('12')).toBe(120000);
    expect(parseQuantity('9999999.9999')).toBe(99_999_999_999);
    expect(parseQuantity('0.1') + parseQuantity('0.2')).toBe(parseQuantity('0.3'));
    expect(wholeQuantity(3)).toBe(30000);
  });

  it('refuses a fifth decimal, signs, exponents and separators', () => {
    for (const text of ['1.23456', '-1', '1e3', '1,5', '', '.5', '12345678'])
      expect(() => parseQuantity(text)).toThrow(QuantityError);
  });

  it('prints the shortest exact decimal', () => {
    expect(formatQuantity(15000)).toBe('1.5');
    expect(formatQuantity(30000)).toBe('3');
    expect(formatQuantity(12345)).toBe('1.2345');
    expect(formatQuantity(1)).toBe('0.0001');
    expect(formatQuantity(0)).toBe('0');
  });
});

describe('line net amounts (BT-131)', () => {
  it('is quantity × price rounded half away from zero to the minor unit', () => {
    expect(lineNetAmount(parseQuantity('1.5'), 8500)).toBe(12750);
    // 0.3333 h × 10.00 = 3.333 → 3.33; 0.0005 × 10.00 = 0.005 → 0.01 (half away from zero)
    expect(lineNetAmount(parseQuantity('0.3333'), 1000)).toBe(333);
    expect(lineNetAmount(parseQuantity('0.0005'), 1000)).toBe(1);
    expect(lineNetAmount(parseQuantity('0.0004'), 1000)).toBe(0);
    expect(lineNetAmount(-5, 1000)).toBe(-1);
  });
});

describe('computeEInvoiceTotals', () => {
  it('groups lines by category and rate and rounds VAT once per group (BR-CO-17)', () => {
    const invoice = sampleEInvoice({
      items: [
        { description: 'Design', quantity: parseQuantity('1'), unit: 'HUR', unitPrice: 1005, vat: null },
        { description: 'Design', quantity: parseQuantity('1'), unit: 'HUR', unitPrice: 1005, vat: null },
        {
          description: 'Book',
          quantity: parseQuantity('3'),
          unit: 'C62',
          unitPrice: 1999,
          vat: { category: 'S', rate: 700, exemption: null },
        },
      ],
    });
    const totals = computeEInvoiceTotals(invoice);
    expect(totals.lineNet).toEqual([1005, 1005, 5997]);
    // 19% of 20.10 = 3.819 → 3.82 once, not 1.9095 → 1.91 twice (3.82 either way here), 7% of 59.97 = 4.1979 → 4.20
    expect(totals.vatBreakdown).toEqual([
      { category: 'S', rate: 1900, taxableAmount: 2010, taxAmount: 382, exemption: null },
      { category: 'S', rate: 700, taxableAmount: 5997, taxAmount: 420, exemption: null },
    ]);
    expect(totals.lineTotal).toBe(8007);
    expect(totals.taxBasisTotal).toBe(8007);
    expect(totals.taxTotal).toBe(802);
    expect(totals.grandTotal).toBe(8809);
    expect(totals.amountDue).toBe(8809);
  });

  it('rounds per group, not per line, where the two differ', () => {
    // Three lines of 0.05 at 10%: per line 0.005 → 0.01 each (0.03); once on 0.15 → 0.015 → 0.02.
    const line = {
      description: 'Tiny',
      quantity: parseQuantity('1'),
      unit: 'C62' as const,
      unitPrice: 5,
      vat: null,
    };
    const totals = computeEInvoiceTotals(
      sampleEInvoice({ items: [line, line, line], vat: { category: 'S', rate: 1000, exemption: null } }),
    );
    expect(totals.taxTotal).toBe(2);
  });

  it('gives reverse charge its reason and no VAT', () => {
    const totals = computeEInvoiceTotals(
      sampleEInvoice({ vat: { category: 'AE', rate: 0, exemption: null } }),
    );
    expect(totals.vatBreakdown).toEqual([
      expect.objectContaining({
        category: 'AE',
        rate: 0,
        taxAmount: 0,
        exemption: { code: 'VATEX-EU-AE', text: REVERSE_CHARGE_NOTE },
      }),
    ]);
    expect(totals.grandTotal).toBe(totals.lineTotal);
  });

  it('agrees with the v1 totals for whole quantities and one rate', () => {
    const items = [
      { quantity: 2, unitPrice: 95000 },
      { quantity: 36, unitPrice: 8500 },
      { quantity: 7, unitPrice: 333 },
    ];
    const v1 = computeTotals(items, 1950, 'EUR');
    const v2 = computeEInvoiceTotals(
      sampleEInvoice({
        vat: { category: 'S', rate: 1950, exemption: null },
        items: items.map((item) => ({
          description: 'x',
          quantity: wholeQuantity(item.quantity),
          unit: 'C62',
          unitPrice: item.unitPrice,
          vat: null,
        })),
      }),
    );
    expect(v2.lineNet).toEqual(v1.lines.map((line) => line.amount));
    expect(v2.taxTotal).toBe(v1.tax.amount);
    expect(v2.grandTotal).toBe(v1.total.amount);
  });

  it('works in currencies without decimals', () => {
    const totals = computeEInvoiceTotals(
      sampleEInvoice({
        currency: 'JPY',
        vat: { category: 'S', rate: 1000, exemption: null },
        items: [
          {
            description: 'Consulting',
            quantity: parseQuantity('1.5'),
            unit: 'HUR',
            unitPrice: 15001,
            vat: null,
          },
        ],
      }),
    );
    // 1.5 × 15001 = 22501.5 → 22502; 10% = 2250.2 → 2250
    expect(totals.lineNet).toEqual([22502]);
    expect(totals.taxTotal).toBe(2250);
    expect(totals.grandTotal).toBe(24752);
  });
});
