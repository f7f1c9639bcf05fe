import { z } from 'zod';
import { finalReasons } from './invoice-finality.js';

/** Issue 27: editing an invoice until it is final, the owner's downloads, unissued drafts (docs/api.md). */

/** `POST /invoices/{id}/downloads`: the owner is about to download the PDF or an e-invoice (it becomes final). */
export const invoiceDownloadSchema = z.object({
  format: z.enum(['pdf', 'einvoice'], { error: 'format must be pdf or einvoice' }),
});

/** Its answer: whether the invoice is final now (always, unless it was void). */
export const invoiceDownloadAnswerSchema = z.object({ final: z.boolean(), position: z.string().optional() });

/**
 * `GET /invoices/{id}/form`: the invoice as the wizard edits it (issue 27): the submit payload that states it, the
 * revision to send as `If-Match`, and why it is final (null while it may still be edited).
 */
export const invoiceEditFormAnswerSchema = z.object({
  form: z.record(z.string(), z.unknown()),
  revision: z.number().int(),
  finalBy: z.enum(finalReasons).nullable(),
  /** The message 409 `invoice_final` answers with, when final. */
  finalMessage: z.string().nullable(),
  logoURL: z.string().nullable(),
});
export type InvoiceEditFormAnswer = z.infer<typeof invoiceEditFormAnswerSchema>;

/** An unissued draft's id: made by the device that started it (offline too), so saving it twice is one draft. */
export const draftIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not a draft id');

/** `PUT /drafts/{id}` (issue 27): the wizard's form as it stands, complete or not; checked in full when issued. */
export const draftSaveSchema = z.object({
  form: z.record(z.string(), z.unknown()),
  /** The version the save was made on, as `If-Match` says it (the outbox sends it here: it keeps no headers). */
  version: z.number().int().min(0).max(999_999_999).optional(),
});

/** `GET /drafts/{id}` and each entry of `GET /drafts`. */
export const invoiceDraftSchema = z.object({
  id: z.string(),
  form: z.record(z.string(), z.unknown()),
  /** The version a save is made on (`If-Match`). */
  version: z.number().int(),
  duplicateOf: z.string().nullable(),
  updatedAt: z.string(),
});
export type InvoiceDraft = z.infer<typeof invoiceDraftSchema>;
export const invoiceDraftListSchema = z.object({ drafts: z.array(invoiceDraftSchema) });
export const draftCommandAnswerSchema = z.object({
  id: z.string(),
  version: z.number().int().optional(),
  position: z.string().optional(),
});
