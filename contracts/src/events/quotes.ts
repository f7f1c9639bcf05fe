import { z } from 'zod';
import { type EventOf, eventType } from './define.js';
import { invoiceRecordSchema } from './invoices.js';

/**
 * Quotes (issue 33, item 2): a document kind of its own (DESIGN §12) made with the invoice's form and templates,
 * numbered from the user's `QUO-` series, that the customer accepts or declines on its page `/q/{token}` and the
 * owner converts to an invoice once. 'Expired' is never an event: it is read from `validUntil` and the owner's day
 * (docs/decisions.md, D-281).
 *
 * Streams:
 * - `quote-{quoteId}`: every event below.
 * - `quote-link-{tokenHash}`: QuoteLinkMade, which quote a `/q/{token}` link opens.
 * - `document-series-{userId}-quote`: DocumentNumberAssigned, the quote's number, with QuoteCreated.
 */

/** Who answered on the customer page, as they typed it. */
const responseSchema = {
  quoteId: z.string(),
  userId: z.string(),
  name: z.string(),
  note: z.string(),
  /** The owner's day the answer was given on (yyyy-mm-dd, in the quote's time zone). */
  day: z.string(),
};

export const quoteEvents = {
  /**
   * A quote was made: `form` is the invoice payload as submitted (what the form edits), `content` the document as
   * printed (its number the quote's, its due date `validUntil`). `timeZone` (IANA) is the owner's, whose day
   * decides when the quote expires.
   */
  QuoteCreated: eventType(
    z.object({
      quoteId: z.string(),
      userId: z.string(),
      number: z.string(),
      validUntil: z.string(),
      timeZone: z.string(),
      form: z.record(z.string(), z.unknown()),
      content: invoiceRecordSchema,
    }),
  ),
  /** The owner changed it (while it is a draft, sent or expired); the whole document again. */
  QuoteRevised: eventType(
    z.object({
      quoteId: z.string(),
      userId: z.string(),
      validUntil: z.string(),
      timeZone: z.string(),
      form: z.record(z.string(), z.unknown()),
      content: invoiceRecordSchema,
    }),
  ),
  QuoteDeleted: eventType(z.object({ quoteId: z.string(), userId: z.string() })),
  /** Mailed to the customer with its PDF and page link (the link made with it: `shareId`). */
  QuoteSent: eventType(
    z.object({
      quoteId: z.string(),
      userId: z.string(),
      sendId: z.string(),
      to: z.array(z.string()),
      cc: z.array(z.string()),
      subject: z.string(),
    }),
  ),
  /** A customer page link was made; only the token's SHA-256 is kept. A new one replaces the last. */
  QuoteShared: eventType(
    z.object({ quoteId: z.string(), userId: z.string(), shareId: z.string(), tokenHash: z.string() }),
  ),
  QuoteAccepted: eventType(z.object(responseSchema)),
  QuoteDeclined: eventType(z.object(responseSchema)),
  /** Converted: invoice `invoiceId` was issued with the quote's lines in the same transaction. */
  /**
   * Its valid-until day passed in the owner's time zone with no answer (the scheduler's quote-expiry job, D-288):
   * recorded once per valid-until day, and the owner told. A revision to a later day makes it answerable again.
   */
  QuoteExpired: eventType(z.object({ quoteId: z.string(), userId: z.string(), validUntil: z.string() })),
  QuoteInvoiced: eventType(
    z.object({
      quoteId: z.string(),
      userId: z.string(),
      invoiceId: z.string(),
      invoiceNumber: z.string(),
    }),
  ),
} as const;

/**
 * The customer page's link, found by its token's hash: written with each QuoteShared, so an answer on the page
 * finds its quote from the log, never from a read model the projector may not have reached.
 */
export const quoteLinkEvents = {
  QuoteLinkMade: eventType(z.object({ quoteId: z.string(), userId: z.string() })),
} as const;

export type QuoteEvent = EventOf<typeof quoteEvents>;
export type QuoteLinkEvent = EventOf<typeof quoteLinkEvents>;

export const quoteStreamId = (quoteId: string) => `quote-${quoteId}`;
export const quoteLinkStreamId = (tokenHash: string) => `quote-link-${tokenHash}`;
