import {
  type DomainEvent,
  formatMoney,
  invoiceSendMailId,
  invoiceStreamId,
  money,
  readEvent,
  reminderOffsetLabel,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { type MailDeliveryState, mailDeliveryStates } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { inArray } from 'drizzle-orm';

const { users } = readModels;

const sendVerbs = { queued: 'Queued for', sent: 'Sent to', failed: 'Could not be delivered to' } as const;

/** What an auditor reads for each event of an invoice's stream (a send as far as its mail went). */
function summaryOf(event: DomainEvent, delivery: MailDeliveryState = 'sent'): string {
  switch (event.type) {
    case 'InvoiceIssued': {
      const { origin, number } = event.data;
      if (origin?.kind === 'quote') return `Issued invoice ${number} from quote ${origin.number}`;
      if (origin?.kind === 'recurring') return `Issued invoice ${number} by a recurring invoice`;
      return `Issued invoice ${number}`;
    }
    case 'InvoiceRevised':
      return `Revised invoice ${event.data.number}`;
    case 'InvoiceDeleted':
      return `Deleted invoice ${event.data.number}`;
    case 'InvoiceDownloaded':
      return `Downloaded ${event.data.format === 'pdf' ? 'as PDF' : 'as an e-invoice'} by the owner: final from now on`;
    case 'InvoicePaidFor':
      return `Paid for one-time (${formatMoney(money(event.data.amount, event.data.currency))})`;
    case 'PaymentRecorded': {
      const { amount, currency, fee } = event.data;
      const received = `Payment of ${formatMoney(money(amount, currency))} received ${event.data.date}${event.data.reference ? ` (${event.data.reference})` : ''}${fee > 0 ? `, fee ${formatMoney(money(fee, currency))}` : ''}`;
      // A bank statement's match says where it came from ('Matched from statement 2026-11-27, entry …').
      return event.data.source === 'bank' ? `${received}: ${event.data.note}` : received;
    }
    case 'PaymentReversed':
      return `Payment of ${formatMoney(money(event.data.amount, event.data.currency))} reversed${event.data.reason ? `: ${event.data.reason}` : ''}`;
    case 'PaymentRestored':
      return `Payment of ${formatMoney(money(event.data.amount, event.data.currency))} counts again: ${event.data.reason}`;
    case 'InvoiceSent':
      return `${sendVerbs[delivery]} ${event.data.to.join(', ')}${event.data.cc.length ? ` (cc ${event.data.cc.join(', ')})` : ''}: ${event.data.subject}`;
    case 'InvoiceShared':
      return 'Shared a customer page link';
    case 'InvoiceSharingStopped':
      return 'Stopped sharing the customer page link';
    case 'InvoiceViewed':
      return 'Viewed by the customer';
    case 'InvoiceVoided':
      return `Voided invoice ${event.data.number}: ${event.data.reason}`;
    case 'InvoiceBecameOverdue':
      return `Became overdue (due ${event.data.dueDate}, ${formatMoney(money(event.data.balance, event.data.currency))} unpaid)`;
    case 'InvoiceReminderSent':
      return `Payment reminder sent to ${event.data.to} (${reminderOffsetLabel(event.data.offset).toLowerCase()})`;
    case 'InvoiceReminderSkipped':
      return `Payment reminder (${reminderOffsetLabel(event.data.offset).toLowerCase()}) not sent: ${
        event.data.reason === 'no_customer_email'
          ? 'the invoice has no customer e-mail'
          : 'a later one was due'
      }`;
    case 'InvoiceRemindersOptedOut':
      return 'Automatic reminders turned off for this invoice';
    case 'InvoiceRemindersOptedIn':
      return 'Automatic reminders turned on for this invoice';
    case 'InvoiceCredited':
      return `${event.data.full ? 'Credited in full' : 'Credited in part'} by credit note ${event.data.number} (${formatMoney(money(event.data.amount, event.data.currency))})`;
    case 'RefundRecorded':
      return `Refund of ${formatMoney(money(event.data.amount, event.data.currency))} paid back ${event.data.date}`;
    default:
      return event.type;
  }
}

/** An invoice's own events for auditors: what, when, by whom (read from its stream: the log is the record). */
export async function historyOf(db: Database, store: EventStore, invoiceId: string) {
  const events = (await store.readStream(invoiceStreamId(invoiceId))).map(readEvent);
  const userIds = [
    ...new Set(events.map((event) => event.metadata.userId).filter((id): id is string => !!id)),
  ];
  const names = userIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
    : [];
  const nameOf = new Map(names.map((user) => [user.id, user.name]));
  const mailIdOf = (event: DomainEvent) =>
    event.type === 'InvoiceSent' ? invoiceSendMailId(event.data.sendId) : null;
  const deliveries = await mailDeliveryStates(
    db,
    events.map(mailIdOf).filter((id): id is string => id !== null),
  );
  return events.map((event) => {
    const by = event.metadata.userId ?? null;
    const at = typeof event.metadata.at === 'string' ? event.metadata.at : event.createdAt.toISOString();
    const delivery = deliveries.get(mailIdOf(event) ?? '');
    const origin = event.type === 'InvoiceIssued' ? event.data.origin : null;
    return {
      type: event.type,
      at,
      by: by ? { id: by, name: nameOf.get(by) ?? '' } : null,
      summary: summaryOf(event, delivery),
      ...(delivery ? { delivery } : {}),
      ...(origin ? { origin } : {}),
    };
  });
}
