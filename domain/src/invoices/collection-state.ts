import type { CollectionEvent, CreditEvent, InvoiceContent } from '@remit/contracts';
import { type RecordedEvent, unreachable } from '@remit/kit';

/**
 * The customer's side of an invoice, as the invoice's decider keeps it (docs/decisions.md, "Getting
 * paid"): the payments that stand, and whether the invoice was voided. Pure; the invoice decider calls in.
 */
export interface Payments {
  /** Every payment recorded, by id, with what of it was reversed since. */
  recorded: Readonly<Record<string, RecordedPayment>>;
  /** The sum of what stands of the payments (less what was reversed), in minor units of the invoice's currency. */
  paid: number;
  voided: boolean;
  /** The customer page link that is active (its id; the token itself is never kept), or null. */
  shareId: string | null;
  /** When the customer page was last recorded as viewed (ISO), or null. */
  lastViewedAt: string | null;
  /** `InvoiceBecameOverdue` was recorded (it never is again). */
  overdue: boolean;
  /** The owner opted this invoice out of automatic reminders. */
  remindersOff: boolean;
  /** Reminder offsets handled (sent or skipped), each once. */
  reminders: readonly number[];
  /** The gross total of the credit notes that correct it (issue 27). */
  credited: number;
  /** The net credited on each line (by its 0-based index). */
  creditedLines: Readonly<Record<number, number>>;
  /** Every line is credited in full: nothing is left to ask for. */
  fullyCredited: boolean;
  /** The credit notes, by id, in the order they were issued. */
  creditNotes: readonly string[];
  /** Paid back to the customer; refunds by id. */
  refunded: number;
  refunds: readonly string[];
}

export interface RecordedPayment {
  amount: number;
  /** Taken back so far (in parts by a provider's refunds, or all of it); never more than `amount`. */
  reversedAmount: number;
  /** Nothing of it stands. */
  reversed: boolean;
  /** A won dispute gave back what it had reversed (it happens once). */
  restored: boolean;
}

export const noPayments: Payments = {
  recorded: {},
  paid: 0,
  voided: false,
  shareId: null,
  lastViewedAt: null,
  overdue: false,
  remindersOff: false,
  reminders: [],
  credited: 0,
  creditedLines: {},
  fullyCredited: false,
  creditNotes: [],
  refunded: 0,
  refunds: [],
};

/**
 * What the customer owes in all: the total less its credit notes. A fully credited invoice owes nothing, even
 * where credit notes rounded their tax a cent apart from the invoice's.
 */
const owedOf = (content: InvoiceContent, payments: Payments) =>
  payments.fullyCredited ? 0 : Math.max(0, content.total - payments.credited);

/** What the customer's payments stand at after refunds. */
const keptOf = (payments: Payments) => payments.paid - payments.refunded;

/** The balance still due: total − payments − credits (+ refunds), never below zero. */
export const balanceOf = (content: InvoiceContent, payments: Payments) =>
  Math.max(0, owedOf(content, payments) - keptOf(payments));

/** Owed back to the customer: paid more than a credit left to pay, until refunds make up for it. */
export const refundDueOf = (content: InvoiceContent, payments: Payments) =>
  Math.max(0, keptOf(payments) - owedOf(content, payments));

export const isSettled = (content: InvoiceContent, payments: Payments) =>
  keptOf(payments) > 0 && keptOf(payments) >= owedOf(content, payments);

/** Credited in full and nothing (left) paid: 'Credited'. */
export const isCredited = (payments: Payments) => payments.fullyCredited && keptOf(payments) <= 0;

/** A credit note's effect on the invoice's money (InvoiceCredited). */
export function creditApplied(
  payments: Payments,
  credit: Pick<
    Extract<CreditEvent, { type: 'InvoiceCredited' }>['data'],
    'creditNoteId' | 'amount' | 'full' | 'lines'
  >,
): Payments {
  const creditedLines = { ...payments.creditedLines };
  for (const { line, net } of credit.lines) creditedLines[line] = (creditedLines[line] ?? 0) + net;
  return {
    ...payments,
    credited: payments.credited + credit.amount,
    creditedLines,
    fullyCredited: payments.fullyCredited || credit.full,
    creditNotes: [...payments.creditNotes, credit.creditNoteId],
  };
}

export function evolveCollection(
  payments: Payments,
  event: RecordedEvent<CollectionEvent | CreditEvent>,
): Payments {
  switch (event.type) {
    case 'InvoiceCredited':
      return creditApplied(payments, event.data);
    case 'RefundRecorded':
      return {
        ...payments,
        refunded: payments.refunded + event.data.amount,
        refunds: [...payments.refunds, event.data.refundId],
      };
    case 'PaymentRecorded': {
      const { paymentId, amount } = event.data;
      const payment = { amount, reversedAmount: 0, reversed: false, restored: false };
      return {
        ...payments,
        recorded: { ...payments.recorded, [paymentId]: payment },
        paid: payments.paid + amount,
      };
    }
    case 'PaymentReversed':
    case 'PaymentRestored': {
      const { paymentId, amount } = event.data;
      const known = payments.recorded[paymentId] ?? {
        amount,
        reversedAmount: 0,
        reversed: false,
        restored: false,
      };
      const sign = event.type === 'PaymentReversed' ? 1 : -1;
      const reversedAmount = known.reversedAmount + sign * amount;
      const payment = {
        ...known,
        reversedAmount,
        reversed: reversedAmount >= known.amount,
        restored: known.restored || event.type === 'PaymentRestored',
      };
      return {
        ...payments,
        recorded: { ...payments.recorded, [paymentId]: payment },
        paid: payments.paid - sign * amount,
      };
    }
    case 'InvoiceVoided':
      return { ...payments, voided: true };
    case 'InvoiceSent':
      return payments;
    case 'InvoiceShared':
      return { ...payments, shareId: event.data.shareId };
    case 'InvoiceSharingStopped':
      return { ...payments, shareId: null };
    case 'InvoiceViewed':
      return { ...payments, lastViewedAt: event.data.viewedAt };
    case 'InvoiceBecameOverdue':
      return { ...payments, overdue: true };
    case 'InvoiceRemindersOptedOut':
      return { ...payments, remindersOff: true };
    case 'InvoiceRemindersOptedIn':
      return { ...payments, remindersOff: false };
    case 'InvoiceReminderSent':
    case 'InvoiceReminderSkipped':
      return { ...payments, reminders: [...payments.reminders, event.data.offset] };
    default:
      return unreachable(event);
  }
}
