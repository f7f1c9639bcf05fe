import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

/**
 * Unissued drafts (issue 27, item 2 and 4; docs/decisions.md D-224): an invoice form kept on the server before it
 * is issued, on every device, with no number consumed. Not an invoice: it has no `Status` (the spec's 'Draft' is the
 * status every issued invoice is created with) and is in no invoice list, figure or read model of invoices.
 *
 * Streams:
 * - `invoice-draft-{draftId}`: InvoiceDraftSaved (the whole form each time), InvoiceDraftDiscarded, InvoiceDraftIssued.
 * - `user-invoice-drafts-{userId}`: InvoiceDraftRegistered, one per draft, with its first save: the user's list.
 */
export const invoiceDraftEvents = {
  /** The form as the wizard holds it (the submit payload, possibly incomplete); `duplicateOf` the invoice it copies. */
  InvoiceDraftSaved: eventType(
    z.object({
      draftId: z.string(),
      userId: z.string(),
      form: z.record(z.string(), z.unknown()),
      duplicateOf: z.string().nullable(),
    }),
  ),
  InvoiceDraftDiscarded: eventType(z.object({ draftId: z.string(), userId: z.string() })),
  /** Issued as invoice `invoiceId` (same transaction as its InvoiceIssued); the draft is gone from the list. */
  InvoiceDraftIssued: eventType(z.object({ draftId: z.string(), userId: z.string(), invoiceId: z.string() })),
} as const;

export const invoiceDraftListEvents = {
  InvoiceDraftRegistered: eventType(z.object({ draftId: z.string(), userId: z.string() })),
} as const;

export type InvoiceDraftEvent = EventOf<typeof invoiceDraftEvents>;
export type InvoiceDraftListEvent = EventOf<typeof invoiceDraftListEvents>;

export const invoiceDraftStreamId = (draftId: string) => `invoice-draft-${draftId}`;
export const userInvoiceDraftsStreamId = (userId: string) => `user-invoice-drafts-${userId}`;
