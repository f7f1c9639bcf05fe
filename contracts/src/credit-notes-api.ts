import { z } from 'zod';
import { collectionMessages } from './collection-api.js';
import { documentKinds, refundMethods } from './events/credit-note-terms.js';

/**
 * Requests and answers of credit notes and refunds (docs/api.md, "Credit notes"). Quantities and prices arrive as
 * the form reads them (`"1.5"`, `"95,00"`) and are read exactly against the invoice (its currency, its lines) in
 * the decision, so the form and the server say the same.
 */
export const creditNoteMessages = {
  reasonRequired: 'Say why the invoice is corrected',
  linesRequired: 'Choose at least one line to credit',
  lineUnknown: (line: number) => `The invoice has no line ${line}`,
  lineTwice: (line: number) => `Line ${line} is listed twice`,
  quantityInvalid: 'The quantity must be a number with at most 4 decimals, like 1.5',
  priceInvalid: 'The unit price must be a number, like 95.00',
  nothingLeft: 'Nothing is left to credit on this invoice',
  exceeds: (line: number, left: string) => `Line ${line} has ${left} left to credit`,
  zero: (line: number) => `Line ${line} credits nothing: give a quantity and a price above zero`,
} as const;

/** A typed decimal as typed; read against the invoice in the decision. */
const typedDecimal = (message: string) =>
  z.union([z.string().trim().min(1, message).max(32, message), z.number().finite()], { error: message });

export const creditNoteLineInputSchema = z.object({
  /** The invoice's line, counted from 1 as the invoice shows it. */
  line: z.number().int().min(1).max(1000),
  quantity: typedDecimal(creditNoteMessages.quantityInvalid),
  unitPrice: typedDecimal(creditNoteMessages.priceInvalid),
});
export type CreditNoteLineInput = z.infer<typeof creditNoteLineInputSchema>;

export const issueCreditNoteSchema = z.object({
  reason: z
    .string({ error: creditNoteMessages.reasonRequired })
    .trim()
    .min(1, creditNoteMessages.reasonRequired)
    .max(500, 'At most 500 characters'),
  /** Omitted: everything still uncredited (a cancellation). */
  lines: z.array(creditNoteLineInputSchema).min(1, creditNoteMessages.linesRequired).max(1000).optional(),
});
export type IssueCreditNoteInput = z.input<typeof issueCreditNoteSchema>;

/** What `POST /invoices/{id}/credit-notes` answers (201). */
export const creditNoteAnswerSchema = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  full: z.boolean(),
  total: z.number().int(),
  currency: z.string(),
  /** The invoice's balance after the credit: total − payments − credits (+ refunds). */
  balance: z.number().int(),
  /** Owed back to the customer (paid more than is left to pay). */
  refundDue: z.number().int(),
});
export type CreditNoteAnswer = z.infer<typeof creditNoteAnswerSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const recordRefundSchema = z.object({
  /** A decimal in the invoice's currency ("90.36"), read exactly in the decision. */
  amount: z.union([z.string().trim().min(1).max(32), z.number().finite()], {
    error: collectionMessages.amountInvalid,
  }),
  date: z.string().trim().regex(ISO_DATE, collectionMessages.dateInvalid).optional(),
  method: z.enum(refundMethods).default('bank_transfer'),
});
export type RecordRefundInput = z.input<typeof recordRefundSchema>;

/** One credit note of an invoice, as its details list it. */
export const creditNoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  full: z.boolean(),
  total: z.number().int(),
  currency: z.string(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

/**
 * `GET /credit-notes/{id}`: the summary, the invoice it corrects, and `mail`, what its send mail says when the
 * dialog's fields are left empty, in the credit note's language (D-341).
 */
export const creditNoteDetailSchema = creditNoteSummarySchema.extend({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceIssueDate: z.string(),
  mail: z.object({ subject: z.string(), message: z.string() }),
});
export type CreditNoteDetail = z.infer<typeof creditNoteDetailSchema>;

/** `GET /credit-notes?search=&page=`: the user's credit notes, newest first, 20 a page. */
export const creditNotesQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search can have at most 100 characters').optional().default(''),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(10_000, 'Page must be at most 10000')
    .optional()
    .default(1),
});
export const CREDIT_NOTES_PAGE_SIZE = 20;

export const creditNoteListEntrySchema = creditNoteSummarySchema.extend({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  customerName: z.string(),
});
export type CreditNoteListEntry = z.infer<typeof creditNoteListEntrySchema>;

export const creditNotesAnswerSchema = z.object({
  creditNotes: z.array(creditNoteListEntrySchema),
  /** How many match the search, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CreditNotesAnswer = z.infer<typeof creditNotesAnswerSchema>;

export const documentSeriesMessages = {
  prefixInvalid: 'The prefix can have at most 12 letters, digits and - _ / . #',
  nextNumberInvalid: 'The next number must be a whole number from 1 to 99999999',
  nextTooLow: (last: string, next: number) =>
    `${last} was given already: the next number must be ${next} or higher`,
} as const;

/** `PUT /settings/document-series/{kind}`: the series' prefix (may be empty) and the number the next one gets. */
export const documentSeriesInputSchema = z.object({
  prefix: z
    .string({ error: documentSeriesMessages.prefixInvalid })
    .trim()
    .max(12, documentSeriesMessages.prefixInvalid)
    .regex(/^[\p{L}\p{N}\-_/.#]*$/u, documentSeriesMessages.prefixInvalid),
  nextNumber: z.coerce
    .number({ error: documentSeriesMessages.nextNumberInvalid })
    .int(documentSeriesMessages.nextNumberInvalid)
    .min(1, documentSeriesMessages.nextNumberInvalid)
    .max(99_999_999, documentSeriesMessages.nextNumberInvalid),
});
export type DocumentSeriesInput = z.input<typeof documentSeriesInputSchema>;

export const documentKindSchema = z.enum(documentKinds, { error: 'Unknown kind of document' });

/** One series as /profile shows it: what the next document will be numbered, and the last number given. */
export const documentSeriesSchema = z.object({
  kind: documentKindSchema,
  prefix: z.string(),
  nextNumber: z.number().int(),
  /** The next document's number, as it will print (`CN-0008`). */
  next: z.string(),
  last: z.string().nullable(),
});
export type DocumentSeries = z.infer<typeof documentSeriesSchema>;
export const documentSeriesAnswerSchema = z.object({ series: z.array(documentSeriesSchema) });

/** Each numbered series as /profile names it. */
export const documentKindLabels: Record<(typeof documentKinds)[number], string> = {
  credit_note: 'Credit notes',
  quote: 'Quotes',
};
