import type { InvoiceStreamEvent } from './events/collection.js';

/**
 * When an invoice is final (issue 27, DESIGN §12 "Final means final"): the first time it leaves the owner's hands.
 * Sent or reminded by e-mail, shared as a customer page, downloaded by its owner (PDF or e-invoice), or a payment
 * recorded. From then on it is never edited; a credit note corrects it. Final stays final: a payment reversed or a
 * link stopped later does not call back what the customer may already hold (docs/decisions.md, D-221). The
 * invoice's decider refuses an edit by it; the edit form's read says it before the owner types.
 */
export const finalReasons = ['sent', 'shared', 'downloaded', 'paid', 'reminded'] as const;
export type FinalBy = (typeof finalReasons)[number];

/** Whether an event of the invoice's stream makes it final, and why. */
export function finalByEvent(type: InvoiceStreamEvent['type'] | (string & {})): FinalBy | null {
  switch (type) {
    case 'InvoiceSent':
      return 'sent';
    case 'InvoiceShared':
    case 'InvoiceViewed':
      return 'shared';
    case 'InvoiceReminderSent':
      return 'reminded';
    case 'PaymentRecorded':
      return 'paid';
    case 'InvoiceDownloaded':
      return 'downloaded';
    default:
      return null;
  }
}

/**
 * Why the invoice is final after one more event: the first reason stands, but a send names itself over the link it
 * made in the same command (a send shares too).
 */
export function finalAfter(current: FinalBy | null, type: string): FinalBy | null {
  const by = finalByEvent(type);
  if (by === 'sent' && current === 'shared') return by;
  return current ?? by;
}

const because: Record<FinalBy, string> = {
  sent: 'was sent to the customer',
  shared: 'was shared with the customer',
  reminded: 'was sent to the customer in a reminder',
  paid: 'has a payment recorded',
  downloaded: 'was downloaded',
};

/** The message of 409 `invoice_final`, also shown by the edit screen before anything is typed. */
export const invoiceFinalMessage = (finalBy: FinalBy) =>
  `This invoice ${because[finalBy]}, so it is final and can no longer be edited. Issue a credit note to correct it.`;
