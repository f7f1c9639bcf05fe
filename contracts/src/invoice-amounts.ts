import { currencyByCode } from './currencies.js';
import { DECIMAL_PATTERN, decimalText, type InvoiceForm, MAX_QUANTITY } from './invoice-form.js';
import { computeTotals, type InvoiceTotals, MoneyError, toMinorUnits } from './money.js';

/** A unit price as typed → minor units of the currency (half away from zero beyond its decimals). */
export function priceToMinorUnits(value: number | string, currency: string): number {
  const text = decimalText(value);
  if (text === null || text === '') throw new MoneyError(`Not a price: ${String(value)}`);
  return toMinorUnits(text, currency);
}

/** A tax rate in percent (up to 2 decimals) → basis points (hundredths of a percent): 7.5 → 750. */
export function taxRateToBasisPoints(value: number | string | undefined): number {
  const text = value === undefined ? '' : decimalText(value);
  if (text === null) throw new MoneyError(`Not a tax rate: ${String(value)}`);
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
  items: ReadonlyArray<{ quantity?: number | string; unitPrice?: number | string }>;
}): InvoiceTotals {
  const currency = currencyByCode(form.currency)?.value ?? 'USD';
  const items = form.items.map((item) => ({
    quantity: safeQuantity(item.quantity),
    unitPrice: safePrice(item.unitPrice, currency),
  }));
  let rate = 0;
  try {
    rate = Math.min(10_000, Math.max(0, taxRateToBasisPoints(form.taxRate ?? 0)));
  } catch {
    rate = 0;
  }
  try {
    return computeTotals(items, rate, currency);
  } catch {
    return computeTotals([], 0, currency);
  }
}

function safeQuantity(value: number | string | undefined): number {
  const text = value === undefined ? '' : (decimalText(value) ?? '');
  if (!/^\d{1,7}$/.test(text)) return 0;
  return Math.min(MAX_QUANTITY, Number(text));
}

function safePrice(value: number | string | undefined, currency: string): number {
  const text = value === undefined ? '' : (decimalText(value) ?? '');
  if (!DECIMAL_PATTERN.test(text)) return 0;
  const units = toMinorUnits(text, currency);
  return units > 100_000_000_000 * 1000 ? 0 : units;
}
