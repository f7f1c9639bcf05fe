import { z } from 'zod';
import { documentKinds, type NumberedDocumentKind, refundMethods } from './credit-note-terms.js';
import { type EventOf, eventType } from './define.js';
import { invoiceRecordFromV3, invoiceRecordSchema, invoiceRecordV3Schema } from './invoices.js';

export { documentKinds, type NumberedDocumentKind, refundMethods };

/**
 * Credit notes (issue 27): a document of its own that corrects an issued invoice (EN 16931 type 381, naming the
 * invoice in BG-3). Money is integer minor units of the invoice's currency; quantities ten-thousandths of the line's
 * unit, as in the e-invoice model.
 *
 * Streams:
 * - `credit-note-{creditNoteId}`: CreditNoteIssued, the credit note as a whole document; CreditNoteSent, each send.
 * - `invoice-{invoiceId}`: InvoiceCredited (what the credit takes off the invoice, line by line) and
 *   RefundRecorded (money paid back to the customer), beside the invoice's own events.
 * - `document-series-{userId}-{kind}`: DocumentNumberAssigned, one per document of that kind, in order, so the
 *   series is gap-free and a number is never given twice.
 */

/** One line of a credit note: which invoice line it corrects (0-based), and by how much. */
export const creditedLineSchema = z.object({
  line: z.number().int().min(0),
  /** Ten-thousandths of the invoice line's unit (or of a piece for what was left of a line). */
  quantity: z.number().int().min(0),
  unitPrice: z.number().int().min(0),
  /** The line's net amount on the credit note. */
  net: z.number().int().min(0),
});
export type CreditedLine = z.infer<typeof creditedLineSchema>;

/** CreditNoteIssued without its content (which is the invoice record of its version). */
const creditNoteIssuedV1 = z.object({
  creditNoteId: z.string(),
  userId: z.string(),
  invoiceId: z.string(),
  /** The invoice it corrects, as that invoice was numbered and dated (BT-25, BT-26). */
  invoice: z.object({ number: z.string(), issueDate: z.string() }),
  reason: z.string(),
  /** Everything still uncredited was credited: a cancellation. */
  full: z.boolean(),
  lines: z.array(creditedLineSchema),
});

export const creditNoteEvents = {
  /** A credit note was issued; `content` is the document as printed and sent (its e-invoice model is a 381). */
  CreditNoteIssued: eventType(creditNoteIssuedV1.extend({ content: invoiceRecordV3Schema })).next(
    /** v2 (issue 30): its content says its language; earlier credit notes were printed in English. */
    creditNoteIssuedV1.extend({ content: invoiceRecordSchema }),
    (v1) => ({ ...v1, content: invoiceRecordFromV3(v1.content) }),
  ),
  /** Sent by e-mail with its PDF (`POST /credit-notes/{id}/send`); the mail is queued in the same transaction. */
  CreditNoteSent: eventType(
    z.object({
      creditNoteId: z.string(),
      userId: z.string(),
      sendId: z.string(),
      to: z.array(z.string()),
      cc: z.array(z.string()),
      subject: z.string(),
    }),
  ),
} as const;

export const creditEvents = {
  /** A credit note took `amount` (its gross total) off the invoice; `full` when nothing is left to credit. */
  InvoiceCredited: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      creditNoteId: z.string(),
      number: z.string(),
      full: z.boolean(),
      amount: z.number().int().positive(),
      currency: z.string(),
      /** The net credited per invoice line (0-based). */
      lines: z.array(z.object({ line: z.number().int().min(0), net: z.number().int().min(0) })),
    }),
  ),
  /** Money paid back to the customer of a credited invoice that had been paid. */
  RefundRecorded: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      refundId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      date: z.string(),
      method: z.enum(refundMethods),
    }),
  ),
} as const;

/** Each series' prefix until the owner sets another in /profile (issue 27 item 1). */
export const documentKindPrefixes: Record<NumberedDocumentKind, string> = {
  credit_note: 'CN-',
  quote: 'QUO-',
};

/** A document's number: the series' prefix and its sequence, four digits at least (`CN-0001`). */
export const formatDocumentNumber = (prefix: string, sequence: number) =>
  `${prefix}${String(sequence).padStart(4, '0')}`;

export const documentSeriesEvents = {
  /** The next number of the user's series of this kind went to one document. */
  DocumentNumberAssigned: eventType(
    z.object({
      userId: z.string(),
      kind: z.enum(documentKinds),
      /** 1, 2, 3 … with no gap. */
      sequence: z.number().int().positive(),
      number: z.string(),
      documentId: z.string(),
    }),
  ),
  /**
   * The owner set the series' prefix and next number in /profile: numbers given from then on read `prefix` and
   * count from `nextSequence`. Never below a number the same prefix was given already (D-257).
   */
  DocumentSeriesChanged: eventType(
    z.object({
      userId: z.string(),
      kind: z.enum(documentKinds),
      prefix: z.string(),
      nextSequence: z.number().int().positive(),
    }),
  ),
} as const;

export type CreditNoteEvent = EventOf<typeof creditNoteEvents>;
export type CreditEvent = EventOf<typeof creditEvents>;
export type DocumentSeriesEvent = EventOf<typeof documentSeriesEvents>;

export const creditNoteStreamId = (creditNoteId: string) => `credit-note-${creditNoteId}`;
/** The queued mail of one send of a credit note (its Message-ID too). */
export const creditNoteSendMailId = (sendId: string) => `credit-note-send-${sendId}`;
export const documentSeriesStreamId = (userId: string, kind: NumberedDocumentKind) =>
  `document-series-${userId}-${kind}`;

/** A credit note as read back: its CreditNoteIssued data and when it was recorded. */
export type CreditNoteIssued = Extract<CreditNoteEvent, { type: 'CreditNoteIssued' }>['data'] & {
  issuedAt: Date;
};
