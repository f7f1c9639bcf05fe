import {
  CREDIT_NOTE_TYPE_CODE,
  computeEInvoiceTotals,
  type EInvoice,
  formatQuantity,
  type InvoiceRecord,
} from '@remit/contracts';
import type { CreditLines } from '../invoices/credit.js';

/**
 * A credit note as a whole document: the invoice's parties, template, logo, payment method, VAT and delivery, with
 * the lines credited, its own number and date, the reason as its note, and the e-invoice model of a 381 that names
 * the invoice it corrects (BT-25, BT-26). Amounts are positive; the type code says they are a credit. Pure.
 */
export function creditNoteContent(
  invoice: InvoiceRecord,
  credit: Pick<CreditLines, 'items'>,
  document: { number: string; issueDate: string; reason: string },
): InvoiceRecord {
  const { number, issueDate, reason } = document;
  const eInvoice: EInvoice = {
    ...invoice.eInvoice,
    typeCode: CREDIT_NOTE_TYPE_CODE,
    precedingInvoice: { number: invoice.number, issueDate: invoice.issueDate },
    number,
    issueDate,
    // Nothing is asked of the customer: the credit is due when it is issued.
    dueDate: issueDate,
    items: credit.items,
    paymentTerms: '',
    notes: reason,
    terms: '',
  };
  const totals = computeEInvoiceTotals(eInvoice);
  return {
    ...invoice,
    number,
    issueDate,
    dueDate: issueDate,
    items: credit.items.map((item, index) => ({
      description: item.description,
      quantity: Number(formatQuantity(item.quantity)),
      unitPrice: item.unitPrice,
      total: totals.lineNet[index] ?? 0,
    })),
    subtotal: totals.taxBasisTotal,
    tax: totals.taxTotal,
    total: totals.grandTotal,
    notes: reason,
    terms: '',
    eInvoice,
  };
}
