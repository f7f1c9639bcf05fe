import { currencyByCode } from './currencies.js';
import { DEFAULT_UNIT } from './einvoice/codes.js';
import { QUANTITY_SCALE, readMeasuredQuantity } from './einvoice/quantity.js';
import { lineNetAmount } from './einvoice/totals.js';
import type { InvoiceForm } from './invoice-form.js';
import { readQuantity, readTaxRate, readUnitPrice } from './invoice-form-numbers.js';
import {
  addMoney,
  applyRate,
  computeTotals,
  type InvoiceTotals,
  MoneyError,
  money,
  sumMoney,
  toMinorUnits,
} from './money.js';
import { decimalString, readTypedNumber } from './typed-number.js';

/** A plain decimal string ("1234.50", as the form schema outputs it) or a JSON number, exactly. */
function plainDecimal(value: number | string): string {
  if (typeof value === 'string') return value.trim();
  const read = readTypedNumber(value);
  if (read.kind !== 'number') throw new MoneyError(`Not a number: ${value}`);
  return decimalString(read);
}

/** A price → minor units of the currency (half away from zero beyond its decimals). */
export function priceToMinorUnits(value: number | string, currency: string): number {
  return toMinorUnits(plainDecimal(value), currency);
}

/** A tax rate in percent (up to 2 decimals) → basis points (hundredths of a percent): 7.5 → 750. */
export function taxRateToBasisPoints(value: number | string | undefined): number {
  const text = value === undefined ? '' : plainDecimal(value);
  return text === '' ? 0 : toMinorUnits(text, 'USD');
}

/** Basis points back to the percent number the API answers with (750 → 7.5), exactly. */
export function basisPointsToPercent(basisPoints: number): number {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return Number(`${whole}.${String(rest).padStart(2, '0')}`);
}

export interface InvoiceAmounts {
  currency: string;
  taxRate: number;
  items: { description: string; quantity: number; unitPrice: number; total: number }[];
  subtotal: number;
  tax: number;
  total: number;
}

/** A validated form's amounts in minor units and basis points, with every total recomputed. */
export function invoiceAmounts(form: Pick<InvoiceForm, 'items' | 'taxRate' | 'currency'>): InvoiceAmounts {
  const currency = form.currency;
  const taxRate = taxRateToBasisPoints(form.taxRate);
  const items = form.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPrice: priceToMinorUnits(item.unitPrice, currency),
  }));
  const totals: InvoiceTotals = computeTotals(items, taxRate, currency);
  return {
    currency,
    taxRate,
    items: items.map((item, index) => ({ ...item, total: totals.lines[index]?.amount ?? 0 })),
    subtotal: totals.subtotal.amount,
    tax: totals.tax.amount,
    total: totals.total.amount,
  };
}

/**
 * Live totals for the form while it is being typed: entries that are not (yet) valid count as 0, so the
 * wizard can show subtotal, tax and total at every keystroke.
 */
export function liveTotals(form: {
  currency: string;
  taxRate?: number | string;
  items: ReadonlyArray<{
    quantity?: number | string;
    unitPrice?: number | string;
    unit?: string;
    vat?: { rate?: number } | null;
  }>;
}): InvoiceTotals {
  const currency = currencyByCode(form.currency)?.value ?? 'USD';
  try {
    // As the issued invoice computes them (computeEInvoiceTotals): quantity in ten-thousandths × price, rounded
    // per line, so 1.5 hours shows the amount the PDF and the XML will print; VAT once per rate (BG-23), a line
    // with a rate of its own in its own group.
    const invoiceRate = safeRate(form.taxRate);
    const lines = form.items.map((item) =>
      money(lineNetAmount(safeQuantityUnits(item), safePrice(item.unitPrice, currency)), currency),
    );
    const taxableByRate = new Map<number, number>();
    form.items.forEach((item, index) => {
      const rate = item.vat ? (item.vat.rate ?? 0) : invoiceRate;
      taxableByRate.set(rate, (taxableByRate.get(rate) ?? 0) + (lines[index]?.amount ?? 0));
    });
    const subtotal = sumMoney(lines, currency);
    const tax = sumMoney(
      [...taxableByRate].map(([rate, taxable]) => money(applyRate(taxable, rate), currency)),
      currency,
    );
    return { lines, subtotal, tax, total: addMoney(subtotal, tax) };
  } catch {
    return computeTotals([], 0, currency);
  }
}

/** The line's quantity in ten-thousandths by its unit: pieces by the spec's whole-number rule, others by up to 4 decimals. */
function safeQuantityUnits(item: { quantity?: number | string; unit?: string }): number {
  if (item.unit && item.unit !== DEFAULT_UNIT) {
    const measured = readMeasuredQuantity(item.quantity);
    return typeof measured === 'number' ? measured : 0;
  }
  return safeQuantity(item.quantity) * QUANTITY_SCALE;
}

function safeQuantity(value: number | string | undefined): number {
  const quantity = readQuantity(value);
  return typeof quantity === 'number' ? quantity : 0;
}

/** A price the field would accept, in the currency's minor units; anything else (a message shows) is 0. */
function safePrice(value: number | string | undefined, currency: string): number {
  const price = readUnitPrice(value, currency);
  return typeof price === 'string' ? toMinorUnits(price, currency) : 0;
}

function safeRate(value: number | string | undefined): number {
  const rate = readTaxRate(value ?? '');
  return typeof rate === 'string' && rate !== '' ? toMinorUnits(rate, 'USD') : 0;
}
