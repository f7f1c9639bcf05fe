import {
  type CreditEvent,
  type CreditedLine,
  type CreditNoteLineInput,
  collectionMessages,
  computeEInvoiceTotals,
  creditNoteMessages,
  type EInvoice,
  formatMoney,
  type InvoiceRecord,
  money,
  paymentAmountIn,
  readMeasuredQuantity,
  type refundMethods,
} from '@remit/contracts';
import { AppError, unreachable } from '@remit/kit';
import { type Payments, refundDueOf } from './collection-state.js';

/**
 * What credit notes and refunds decide on the invoice (issue 27): the invoice owns what is left to credit on
 * each of its lines, so a credit note is a command to it, and a credit racing a payment is decided on the state it
 * is appended to. Pure.
 */
export type CreditCommand =
  | {
      type: 'CreditInvoice';
      data: {
        invoiceId: string;
        userId: string;
        creditNoteId: string;
        /** The credit note's number, assigned by its series in the same transaction. */
        number: string;
        /** As typed, the line counted from 1; null credits everything left (a cancellation). */
        lines: CreditNoteLineInput[] | null;
      };
    }
  | {
      type: 'RecordRefund';
      data: {
        invoiceId: string;
        userId: string;
        refundId: string;
        amount: string;
        date: string;
        method: (typeof refundMethods)[number];
      };
    };

/** The lines a credit note states, with their unit and description: every amount comes from these. */
export interface CreditLines {
  lines: CreditedLine[];
  /** The credit note's e-invoice lines (in the invoice line's unit, or pieces for what was left of a line). */
  items: EInvoice['items'];
  full: boolean;
  /** The credit note's gross total (computeEInvoiceTotals over its lines). */
  total: number;
}

const PIECE = 10_000;

const invalid = (field: string, message: string) =>
  new AppError('validation', message, { reason: 'invalid_credit', fields: { [field]: message } });
/** A well-formed credit or refund that the invoice's state refuses: 422, with the field it concerns. */
const tooMuch = (field: string, message: string, reason: string) =>
  new AppError('unprocessable', message, { reason, fields: { [field]: message } });

/** What is still uncredited of each line's net amount. */
function leftOf(content: InvoiceRecord, payments: Payments): number[] {
  const { lineNet } = computeEInvoiceTotals(content.eInvoice);
  return lineNet.map((net, index) => Math.max(0, net - (payments.creditedLines[index] ?? 0)));
}

/**
 * The lines of a credit note: everything left (null), or the lines typed, each at most what is left of its line.
 * A line credited in part before is credited in full as one piece at what is left of it.
 */
export function creditLinesFor(
  content: InvoiceRecord,
  payments: Payments,
  typed: CreditNoteLineInput[] | null,
): CreditLines {
  const left = leftOf(content, payments);
  const source = content.eInvoice.items;
  if (left.every((amount) => amount === 0)) {
    throw new AppError('conflict', creditNoteMessages.nothingLeft, { reason: 'nothing_to_credit' });
  }
  const items: EInvoice['items'] = [];
  const indexes: number[] = [];
  if (typed === null) {
    left.forEach((amount, index) => {
      const line = source[index];
      if (!line || amount === 0) return;
      const untouched = (payments.creditedLines[index] ?? 0) === 0;
      items.push(untouched ? line : { ...line, quantity: PIECE, unit: 'C62', unitPrice: amount });
      indexes.push(index);
    });
  } else {
    typed.forEach((entry, position) => {
      const index = entry.line - 1;
      const line = source[index];
      if (!line) throw invalid(`lines.${position}.line`, creditNoteMessages.lineUnknown(entry.line));
      if (indexes.includes(index))
        throw invalid(`lines.${position}.line`, creditNoteMessages.lineTwice(entry.line));
      const quantity = readMeasuredQuantity(entry.quantity);
      if (typeof quantity !== 'number') throw invalid(`lines.${position}.quantity`, quantity.message);
      const price = paymentAmountIn(String(entry.unitPrice), content.currency);
      if ('message' in price && price.message === collectionMessages.amountNegative) {
        throw invalid(`lines.${position}.unitPrice`, creditNoteMessages.zero(entry.line));
      }
      if ('message' in price || price.units > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw invalid(`lines.${position}.unitPrice`, creditNoteMessages.priceInvalid);
      }
      items.push({ ...line, quantity, unitPrice: Number(price.units) });
      indexes.push(index);
    });
  }
  const totals = computeEInvoiceTotals({ ...content.eInvoice, items });
  const lines = items.map((item, position) => ({
    line: indexes[position] as number,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    net: totals.lineNet[position] ?? 0,
  }));
  lines.forEach((line, position) => {
    const lineNumber = line.line + 1;
    if (line.net <= 0) throw invalid(`lines.${position}.quantity`, creditNoteMessages.zero(lineNumber));
    const remaining = left[line.line] ?? 0;
    if (line.net > remaining) {
      const message = creditNoteMessages.exceeds(lineNumber, formatMoney(money(remaining, content.currency)));
      throw tooMuch(`lines.${position}.quantity`, message, 'credit_exceeds_line');
    }
  });
  const full =
    lines.every((line) => line.net === left[line.line]) &&
    left.every((amount, index) => amount === 0 || indexes.includes(index));
  return { lines, items, full, total: totals.grandTotal };
}

export function decideCredit(
  content: InvoiceRecord,
  payments: Payments,
  command: CreditCommand,
): CreditEvent[] {
  switch (command.type) {
    case 'CreditInvoice': {
      const { invoiceId, userId, creditNoteId, number } = command.data;
      if (payments.creditNotes.includes(creditNoteId)) return [];
      if (payments.voided) {
        throw new AppError('conflict', 'This invoice is void and cannot be credited', {
          reason: 'invoice_void',
        });
      }
      const credit = creditLinesFor(content, payments, command.data.lines);
      return [
        {
          type: 'InvoiceCredited',
          data: {
            invoiceId,
            userId,
            creditNoteId,
            number,
            full: credit.full,
            amount: credit.total,
            currency: content.currency,
            lines: credit.lines.map(({ line, net }) => ({ line, net })),
          },
        },
      ];
    }
    case 'RecordRefund': {
      const { amount: typed, ...data } = command.data;
      if (payments.refunds.includes(data.refundId)) return [];
      const due = refundDueOf(content, payments);
      if (due === 0) {
        throw new AppError('conflict', 'Nothing is owed back to the customer on this invoice', {
          reason: 'nothing_to_refund',
        });
      }
      const read = paymentAmountIn(typed, content.currency);
      if ('message' in read) throw invalid('amount', read.message);
      const amount = Number(read.units);
      if (amount > due) {
        const message = `At most ${formatMoney(money(due, content.currency))} is owed back`;
        throw tooMuch('amount', message, 'refund_exceeds_due');
      }
      return [{ type: 'RefundRecorded', data: { ...data, amount, currency: content.currency } }];
    }
    default:
      return unreachable(command);
  }
}
