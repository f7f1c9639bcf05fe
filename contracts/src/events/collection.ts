import { z } from 'zod';
import type { CreditEvent } from './credit-notes.js';
import { type EventOf, eventType } from './define.js';
import type { InvoiceContent, InvoiceEvent } from './invoices.js';

/**
 * Getting paid (issue 14): what the customer's side of an invoice records, on the invoice's own stream
 * `invoice-{invoiceId}` beside InvoiceIssued and its revisions (docs/events.md, "Collection").
 *
 * A payment is never edited: a wrong one is reversed (`PaymentReversed`) and recorded again. Money is
 * integer minor units of the invoice's currency; a payment's `date` is the day the customer paid
 * (YYYY-MM-DD, as the owner says), the event's own time is when it was recorded.
 */
export const paymentMethodKinds = [
  'bank_transfer',
  'card',
  'cash',
  'cheque',
  'digital',
  'other',
  'sepa_debit',
] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

/**
 * Who recorded a payment (v2): the owner by hand, or a payment provider's checkout by itself (issue 31):
 * `stripe` through the owner's connected account, `sandbox` the built-in stand-in where no money moves;
 * `bank` (v3) a credit of an imported bank statement, matched by the import or confirmed by the owner.
 */
export const paymentSources = ['owner', 'stripe', 'sandbox', 'bank'] as const;
export type PaymentSource = (typeof paymentSources)[number];
const paymentSourcesV2 = ['owner', 'stripe', 'sandbox'] as const;

/** The note a bank statement's match writes (D-310): how a v2 payment is known to have come from the bank. */
export const bankMatchNotePrefix = 'Matched from statement ';

const paymentRecordedV1 = z.object({
  invoiceId: z.string(),
  userId: z.string(),
  paymentId: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  date: z.string(),
  method: z.enum(paymentMethodKinds),
  reference: z.string(),
  note: z.string(),
});

export const collectionEvents = {
  /** The customer paid (part of) the invoice; the owner recorded it ('Mark as paid' is the whole balance). */
  PaymentRecorded: eventType(paymentRecordedV1)
    .next(
      paymentRecordedV1.extend({
        /** Where it came from; the provider's own id of the payment is `reference`. */
        source: z.enum(paymentSourcesV2),
        /** What the provider kept of it (minor units of `currency`); 0 when recorded by the owner. */
        fee: z.number().int().nonnegative(),
      }),
      (v1) => ({ ...v1, source: 'owner' as const, fee: 0 }),
    )
    .next(
      paymentRecordedV1.extend({
        source: z.enum(paymentSources),
        fee: z.number().int().nonnegative(),
      }),
      // Before v3 a statement's match was written as the owner's; its note says where it came from.
      (v2) => ({
        ...v2,
        source:
          v2.source === 'owner' && v2.method === 'bank_transfer' && v2.note.startsWith(bankMatchNotePrefix)
            ? ('bank' as const)
            : v2.source,
      }),
    ),
  /**
   * A recorded payment taken back (a mistake, a bounced transfer, a refund or dispute at the provider): `amount`
   * of it no longer counts. The owner reverses what is left of a payment; a provider's partial refund reverses
   * the part refunded (issue 31), so one payment may be reversed in parts, never past its amount.
   */
  PaymentReversed: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      paymentId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      reason: z.string(),
    }),
  ),
  /**
   * What a dispute had reversed of a payment counts again: the customer's bank closed the dispute in the
   * owner's favour (Stripe's `charge.dispute.closed`, status won). At most once per payment.
   */
  PaymentRestored: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      paymentId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      reason: z.string(),
    }),
  ),
  /** The invoice no longer asks for money; its number stays used, and it takes no payments. */
  InvoiceVoided: eventType(
    z.object({ invoiceId: z.string(), userId: z.string(), number: z.string(), reason: z.string() }),
  ),
  /**
   * The invoice went to the customer by e-mail (the PDF attached). Recorded before the mail leaves; the
   * request that recorded it sends it once (docs/decisions.md, "Getting paid": sending after the commit).
   */
  InvoiceSent: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      sendId: z.string(),
      to: z.array(z.string()),
      cc: z.array(z.string()),
      subject: z.string(),
      message: z.string(),
    }),
  ),
  /**
   * The owner made a customer page link (`/i/{token}`). Only the SHA-256 of the token is recorded (hex), so
   * the log never holds a usable link; one link is active per invoice at a time.
   */
  InvoiceShared: eventType(
    z.object({ invoiceId: z.string(), userId: z.string(), shareId: z.string(), tokenHash: z.string() }),
  ),
  /** 'Stop sharing': the active link no longer opens the invoice; a later share makes a new token. */
  InvoiceSharingStopped: eventType(
    z.object({ invoiceId: z.string(), userId: z.string(), shareId: z.string() }),
  ),
  /**
   * The customer opened the customer page (`viewedAt`, ISO, the server's clock). At most one per hour per
   * invoice: a view within the hour of the last one recorded is not recorded.
   */
  InvoiceViewed: eventType(
    z.object({ invoiceId: z.string(), userId: z.string(), shareId: z.string(), viewedAt: z.string() }),
  ),
  /**
   * The time process (services/projector/src/time) saw the due date pass with a balance: once per invoice,
   * never again even if the invoice is later paid and a payment reversed. `balance` as it stood then.
   */
  InvoiceBecameOverdue: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      dueDate: z.string(),
      balance: z.number().int().positive(),
      currency: z.string(),
    }),
  ),
  /** The owner stopped automatic reminders for this invoice (their policy still applies to the others). */
  InvoiceRemindersOptedOut: eventType(z.object({ invoiceId: z.string(), userId: z.string() })),
  /** The owner let automatic reminders go to this invoice's customer again. */
  InvoiceRemindersOptedIn: eventType(z.object({ invoiceId: z.string(), userId: z.string() })),
  /**
   * A payment reminder went to the customer: `offset` days from the due date (-3 before, 0 on the day, 7
   * after), `to` the invoice's customer e-mail, the balance as it stood. Recorded (with its reservation)
   * before the mail leaves; the process that recorded it mails it once.
   */
  InvoiceReminderSent: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      offset: z.number().int(),
      to: z.string(),
      dueDate: z.string(),
      balance: z.number().int().positive(),
      currency: z.string(),
    }),
  ),
  /**
   * A reminder that came due and was not mailed: `superseded` (a later one was due at the same time, after
   * downtime: only the latest is mailed) or `no_customer_email`.
   */
  InvoiceReminderSkipped: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      offset: z.number().int(),
      reason: z.enum(['superseded', 'no_customer_email']),
    }),
  ),
} as const;

/**
 * Reservations that make the time process's mail go once, whatever the number of projector instances:
 * each is the only event of its stream, appended with expected version 'no stream' in the transaction
 * that records what it reserves.
 */
export const reminderReservationEvents = {
  /** Stream `invoice-reminder-{invoiceId}-{offset}`: this reminder was handled (`sent` or skipped). */
  InvoiceReminderReserved: eventType(
    z.object({ invoiceId: z.string(), userId: z.string(), offset: z.number().int(), sent: z.boolean() }),
  ),
  /**
   * Stream `owner-notification-{invoiceId}-{kind}`: the owner was told (`sent`) that the customer first
   * viewed the invoice (`first_view`) or that it became overdue (`overdue`); `sent: false` when their
   * setting was off then (it is never sent later).
   */
  OwnerNotificationReserved: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      kind: z.enum(['first_view', 'overdue']),
      sent: z.boolean(),
    }),
  ),
} as const;

export type CollectionEvent = EventOf<typeof collectionEvents>;
export type ReminderReservationEvent = EventOf<typeof reminderReservationEvents>;
export type OwnerNotificationKind = 'first_view' | 'overdue';

export const invoiceReminderStreamId = (invoiceId: string, offset: number) =>
  `invoice-reminder-${invoiceId}-${offset}`;
export const ownerNotificationStreamId = (invoiceId: string, kind: OwnerNotificationKind) =>
  `owner-notification-${invoiceId}-${kind}`;
/** The mail queue's id of one send (`InvoiceSent.sendId`): its Message-ID is `<{this}@{APP_URL host}>`. */
export const invoiceSendMailId = (sendId: string) => `invoice-send-${sendId}`;
/**
 * An invoice as its own stream states it: what a command about it (send, share) hands the query side for
 * locking and rendering, so it never decides on a read model the projector has not brought up to date.
 * `issuedPosition` is the log position of its InvoiceIssued (the read model orders 'newest' by it).
 */
export interface StreamInvoice {
  id: string;
  content: InvoiceContent;
  paid: boolean;
  issuedPosition: bigint;
  updatedAt: Date;
}
/** Everything the stream `invoice-{invoiceId}` may hold. */
export type InvoiceStreamEvent = InvoiceEvent | CollectionEvent | CreditEvent;
