import { z } from 'zod';
import { type EventOf, eventType } from './define.js';
import type { InvoiceEvent } from './invoices.js';

/**
 * Getting paid (issue 14): what the customer's side of an invoice records, on the invoice's own stream
 * `invoice-{invoiceId}` beside InvoiceIssued and its revisions (docs/events.md, "Collection").
 *
 * A payment is never edited: a wrong one is reversed (`PaymentReversed`) and recorded again. Money is
 * integer minor units of the invoice's currency; a payment's `date` is the day the customer paid
 * (YYYY-MM-DD, as the owner says), the event's own time is when it was recorded.
 */
export const paymentMethodKinds = ['bank_transfer', 'card', 'cash', 'cheque', 'digital', 'other'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

export const collectionEvents = {
  /** The customer paid (part of) the invoice; the owner recorded it ('Mark as paid' is the whole balance). */
  PaymentRecorded: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      paymentId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      date: z.string(),
      method: z.enum(paymentMethodKinds),
      reference: z.string(),
      note: z.string(),
    }),
  ),
  /** A recorded payment taken back (a mistake, a bounced transfer): it no longer counts. */
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
} as const;

export type CollectionEvent = EventOf<typeof collectionEvents>;
/** Everything the stream `invoice-{invoiceId}` may hold. */
export type InvoiceStreamEvent = InvoiceEvent | CollectionEvent;
