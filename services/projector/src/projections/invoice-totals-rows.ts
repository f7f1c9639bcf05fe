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

/** The row with what stands paid and the balance worked out from its payments and whether it is void. */
export function settled(row: Omit<Row, 'paid' | 'balance'>): Row {
  const paid = Object.values(row.payments).reduce((sum, amount) => sum + amount, 0);
  return { ...row, paid, balance: row.voided ? 0 : Math.max(row.total - paid, 0) };
}

export type TotalsEvent = RecordedEvent<
  EventNamed<
    | 'InvoiceIssued'
    | 'InvoiceRevised'
    | 'InvoiceDeleted'
    | 'PaymentRecorded'
    | 'PaymentReversed'
    | 'InvoiceVoided'
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
      return settled({ ...old, payments: { ...old.payments, [event.data.paymentId]: 0 } });
    case 'InvoiceVoided':
      return old && !old.voided ? settled({ ...old, voided: true }) : undefined;
    default:
      return unreachable(event);
  }
}
