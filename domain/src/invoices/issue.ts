import { type InvoiceOrigin, type InvoiceRecord, invoiceStreamId } from '@remit/contracts';
import { type Step, type StoredEvent, step } from '@remit/eventstore';
import { type LogoUpload, uploadLogo } from '../logos/decider.js';
import { type InvoiceEvent, type InvoiceState, invoiceDecider } from './decider.js';
import { markInvoiceDraftIssued } from './drafts.js';
import { reserveInvoiceNumber } from './number-series.js';

/**
 * The commands that write an invoice's whole content: its number reserved (and a new number on a revision), its
 * logo stored, in the invoice's transaction. The caller builds the content (the command service from the form);
 * the steps take it as it is, so any process that has a content can issue.
 */

/** Streams the caller read just before (CommandPlan.known): the first attempt folds them unread. */
type Known = ReadonlyMap<string, StoredEvent[]> | undefined;

/** Issues an invoice: its number reserved and its logo stored (unless stored before), in one transaction. */
export function issueInvoice(input: {
  invoiceId: string;
  userId: string;
  content: InvoiceRecord;
  logo: LogoUpload | null;
  /** The unissued draft it is issued from (issue 27): marked issued in the same transaction. */
  draftId?: string;
  /** The quote or recurring run it comes from (issue 33), recorded on its InvoiceIssued. */
  origin?: InvoiceOrigin;
  /** The number's reservation and the logo's stream, read with the seller's settings (service.ts). */
  known?: Known;
}): Step<InvoiceState, InvoiceEvent> {
  const { invoiceId, userId, content, logo, draftId, known, origin } = input;
  return step({
    decider: invoiceDecider,
    streams: invoiceStreamId(invoiceId),
    // A new random id (service.ts): nothing to read.
    newStream: true,
    command: { type: 'IssueInvoice', data: { invoiceId, userId, content, ...(origin ? { origin } : {}) } },
    effects: () => [
      reserveInvoiceNumber(userId, content.number, invoiceId, known),
      ...(logo ? [uploadLogo(logo, known)] : []),
      ...(draftId ? [markInvoiceDraftIssued(draftId, userId, invoiceId)] : []),
    ],
  });
}

/** Revises an invoice; a revision to another number reserves that number too. */
export function reviseInvoice(input: {
  invoiceId: string;
  userId: string;
  content: InvoiceRecord;
  /** The revision the edit was made on (If-Match): a later one on another device refuses it. */
  expectedRevision?: number;
  /** The invoice and the new number's reservation, read with the seller's settings (service.ts). */
  known?: Known;
}): Step<InvoiceState, InvoiceEvent> {
  const { invoiceId, userId, content, expectedRevision, known } = input;
  return step({
    decider: invoiceDecider,
    streams: invoiceStreamId(invoiceId),
    known,
    command: {
      type: 'ReviseInvoice',
      data: { invoiceId, userId, content, ...(expectedRevision === undefined ? {} : { expectedRevision }) },
    },
    effects: (_events, state) =>
      content.number === state.content?.number
        ? []
        : [reserveInvoiceNumber(userId, content.number, invoiceId, known)],
  });
}
