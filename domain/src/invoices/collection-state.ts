import type { CollectionEvent, InvoiceContent } from '@remit/contracts';
import { type RecordedEvent, unreachable } from '@remit/kit';

/**
 * The customer's side of an invoice, as the invoice's decider keeps it (docs/decisions.md, "Getting
 * paid"): the payments that stand, and whether the invoice was voided. Pure; the invoice decider calls in.
 */
export interface Payments {
  /** Every payment recorded, by id, with whether it was reversed since. */
  recorded: Readonly<Record<string, { amount: number; reversed: boolean }>>;
  /** The sum of the payments that stand (not reversed), in minor units of the invoice's currency. */
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
};

/** The balance still due: the total less what stands paid (never below zero). */
export const balanceOf = (content: InvoiceContent, payments: Payments) =>
  Math.max(0, content.total - payments.paid);

export const isSettled = (content: InvoiceContent, payments: Payments) =>
  payments.paid > 0 && payments.paid >= content.total;

export function evolveCollection(payments: Payments, event: RecordedEvent<CollectionEvent>): Payments {
  switch (event.type) {
    case 'PaymentRecorded': {
      const { paymentId, amount } = event.data;
      return {
        ...payments,
        recorded: { ...payments.recorded, [paymentId]: { amount, reversed: false } },
        paid: payments.paid + amount,
      };
    }
    case 'PaymentReversed': {
      const { paymentId, amount } = event.data;
      return {
        ...payments,
        recorded: { ...payments.recorded, [paymentId]: { amount, reversed: true } },
        paid: payments.paid - amount,
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
