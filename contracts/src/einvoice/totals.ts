import { requireCurrency } from '../currencies.js';
import { applyRate, MoneyError } from '../money.js';
import type { VatCategory } from './codes.js';
import { vatLegalText } from './legal-texts.js';
import { type EInvoice, lineVat } from './model.js';
import { QUANTITY_SCALE } from './quantity.js';

/**
 * Every number an e-invoice shows, computed once, in integer minor units of the invoice currency; the screen,
 * the PDF and the XML all print these. The rules are EN 16931's (BR-CO-10 … BR-CO-17):
 * - a line's net amount (BT-131) is quantity × unit price, rounded half away from zero to the currency's minor unit;
 * - lines are grouped by VAT category and rate (BG-23); a group's taxable amount (BT-116) is the sum of its lines,
 *   and its VAT (BT-117) is taxable × rate, rounded half away from zero once per group (never per line);
 * - the document's totals add those up: BT-106 = Σ BT-131, BT-109 = BT-106 (no document allowances or charges),
 *   BT-110 = Σ BT-117, BT-112 = BT-109 + BT-110, BT-115 = BT-112 (nothing prepaid).
 */
export interface VatBreakdownEntry {
  category: VatCategory | null;
  /** Basis points. */
  rate: number;
  taxableAmount: number;
  taxAmount: number;
  /** BT-121 / BT-120, where the category carries one. */
  exemption: { code: string | null; text: string } | null;
}

export interface EInvoiceTotals {
  /** BT-131 of each line, in the lines' order. */
  lineNet: number[];
  /** BG-23, in the order the categories first appear in the lines. */
  vatBreakdown: VatBreakdownEntry[];
  /** BT-106 */
  lineTotal: number;
  /** BT-109 */
  taxBasisTotal: number;
  /** BT-110 */
  taxTotal: number;
  /** BT-112 */
  grandTotal: number;
  /** BT-115 */
  amountDue: number;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const SCALE = BigInt(QUANTITY_SCALE);

/** quantity (ten-thousandths) × unit price (minor units), rounded half away from zero to minor units. */
export function lineNetAmount(quantity: number, unitPrice: number): number {
  if (!Number.isSafeInteger(quantity) || !Number.isSafeInteger(unitPrice)) {
    throw new MoneyError('A line needs a whole number of ten-thousandths and of minor units');
  }
  const product = BigInt(quantity) * BigInt(unitPrice);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + SCALE) / (SCALE * 2n);
  return toSafe(product < 0n ? -rounded : rounded);
}

export function computeEInvoiceTotals(
  invoice: Pick<EInvoice, 'items' | 'vat' | 'currency'> & { language?: string },
): EInvoiceTotals {
  requireCurrency(invoice.currency);
  const lineNet = invoice.items.map((line) => lineNetAmount(line.quantity, line.unitPrice));
  const groups = new Map<string, VatBreakdownEntry>();
  invoice.items.forEach((line, index) => {
    const vat = lineVat(invoice, line);
    const key = `${vat.category ?? '-'}|${vat.rate}`;
    let group = groups.get(key);
    if (!group) {
      // The one legal text (legal-texts.ts): what the XML carries as BT-120/121 and every PDF prints.
      const exemption = vatLegalText(vat.category, vat.exemption, invoice.language);
      group = { category: vat.category, rate: vat.rate, taxableAmount: 0, taxAmount: 0, exemption };
      groups.set(key, group);
    }
    group.taxableAmount = add(group.taxableAmount, lineNet[index] ?? 0);
  });
  const vatBreakdown = [...groups.values()].map((group) => ({
    ...group,
    taxAmount: applyRate(group.taxableAmount, group.rate),
  }));
  const lineTotal = lineNet.reduce(add, 0);
  const taxTotal = vatBreakdown.reduce((sum, group) => add(sum, group.taxAmount), 0);
  const grandTotal = add(lineTotal, taxTotal);
  return {
    lineNet,
    vatBreakdown,
    lineTotal,
    taxBasisTotal: lineTotal,
    taxTotal,
    grandTotal,
    amountDue: grandTotal,
  };
}

function add(a: number, b: number): number {
  return toSafe(BigInt(a) + BigInt(b));
}

function toSafe(value: bigint): number {
  if (value > MAX || value < -MAX) throw new MoneyError('Amount exceeds the largest supported value');
  return Number(value);
}
