// An invoice's figures as invoice-totals keeps them (`totals_invoices`), folded from its events.
import type { EventNamed } from '@remit/contracts';
import { type RecordedEvent, unreachable } from '@remit/kit';
import type { readModels } from '@remit/readmodels';

export type Row = typeof readModels.totalsInvoices.$inferSelect;

export function figures(content: {
  currency: string;
  total: number;
  issueDate: string;
  dueDate: string;
  customer: { email: string; name: string };
}) {
  return {
    currency: content.currency,
    total: content.total,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    customerEmail: content.customer.email.trim().toLowerCase(),
    customerName: content.customer.name,
  };
}

/**
 * `payments` keys: a payment's id (its amount), `reversal:{position}` what a reversal took back of one (negative) and
 * `restore:{position}` what a won dispute gave back (issue 31), and beside them what credit notes
 * and refunds did (issue 27): `credit:{creditNoteId}` its gross, `credit-full:{creditNoteId}` a cancellation's mark
 * (0), `refund:{refundId}` money paid back. Payment ids are UUIDs, so a key with a colon is never a payment.
 */
const CREDIT = 'credit:';
const FULL = 'credit-full:';
const REFUND = 'refund:';
const REVERSAL = 'reversal:';
const RESTORE = 'restore:';

/**
 * The row with what stands paid and the balance worked out as D-205 says: what the customer owes is the total less
 * credits (0 once fully credited), the balance that less payments plus refunds, never below 0; 0 once void.
 */
export function settled(row: Omit<Row, 'paid' | 'balance'>): Row {
  let paid = 0;
  let credited = 0;
  let refunded = 0;
  let full = false;
  for (const [key, amount] of Object.entries(row.payments)) {
    if (key.startsWith(CREDIT)) credited += amount;
    else if (key.startsWith(FULL)) full = true;
    else if (key.startsWith(REFUND)) refunded += amount;
    else paid += amount;
  }
  const owed = full ? 0 : Math.max(row.total - credited, 0);
  return { ...row, paid, balance: row.voided ? 0 : Math.max(owed - paid + refunded, 0) };
}

/** The row with `entries` added to its `payments`; undefined when the first was added already (re-delivery). */
function adding(old: Row | undefined, entries: Record<string, number>): Row | undefined {
  const [first] = Object.keys(entries);
  if (!old || first === undefined || first in old.payments) return undefined;
  return settled({ ...old, payments: { ...old.payments, ...entries } });
}

export type TotalsEvent = RecordedEvent<
  EventNamed<
    | 'InvoiceIssued'
    | 'InvoiceRevised'
    | 'InvoiceDeleted'
    | 'PaymentRecorded'
    | 'PaymentReversed'
    | 'PaymentRestored'
    | 'InvoiceVoided'
    | 'InvoiceCredited'
    | 'RefundRecorded'
  >
>;

/** The invoice's figures after the event: a row, null once deleted, undefined when nothing changes. */
export function transition(old: Row | undefined, event: TotalsEvent): Row | null | undefined {
  const { invoiceId, userId } = event.data;
  switch (event.type) {
    case 'InvoiceIssued':
      if (old) return undefined;
      return settled({
        invoiceId,
        userId,
        ...figures(event.data),
        payments: {},
        voided: false,
        issuedPosition: event.position,
      });
    case 'InvoiceRevised':
      return old ? settled({ ...old, ...figures(event.data) }) : undefined;
    case 'InvoiceDeleted':
      return old ? null : undefined;
    case 'PaymentRecorded':
      if (!old || event.data.paymentId in old.payments) return undefined;
      return settled({ ...old, payments: { ...old.payments, [event.data.paymentId]: event.data.amount } });
    case 'PaymentReversed':
      if (!old?.payments[event.data.paymentId]) return undefined;
      return adding(old, { [`${REVERSAL}${event.position}`]: -event.data.amount });
    case 'PaymentRestored':
      if (!old?.payments[event.data.paymentId]) return undefined;
      return adding(old, { [`${RESTORE}${event.position}`]: event.data.amount });
    case 'InvoiceVoided':
      return old && !old.voided ? settled({ ...old, voided: true }) : undefined;
    case 'InvoiceCredited': {
      const { creditNoteId, amount, full } = event.data;
      return adding(old, {
        [`${CREDIT}${creditNoteId}`]: amount,
        ...(full ? { [`${FULL}${creditNoteId}`]: 0 } : {}),
      });
    }
    case 'RefundRecorded':
      return adding(old, { [`${REFUND}${event.data.refundId}`]: event.data.amount });
    default:
      return unreachable(event);
  }
}
