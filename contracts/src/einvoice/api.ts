import { z } from 'zod';
import { eInvoiceFormats } from './readiness.js';

/**
 * `GET /invoices/{id}/einvoice?format=…` (docs/api.md): the XML formats a user downloads. `cii` and `ubl` are plain
 * EN 16931; the `xrechnung-*` ones add the German CIUS (buyer reference / Leitweg-ID, full addresses, contact).
 */
export const eInvoiceDownloadFormats = ['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const;
export type EInvoiceDownloadFormat = (typeof eInvoiceDownloadFormats)[number];

export const eInvoiceQuerySchema = z.object({
  format: z.enum(eInvoiceDownloadFormats, {
    error: `format must be one of ${eInvoiceDownloadFormats.join(', ')}`,
  }),
});

export const readinessIssueSchema = z.object({ term: z.string(), field: z.string(), message: z.string() });

/** 422: the invoice lacks what the format needs; `issues` says each missing term, as the wizard's checklist does. */
export const eInvoiceNotReadyAnswerSchema = z.object({
  error: z.string(),
  code: z.enum(['einvoice_not_ready', 'einvoice_currency_not_supported']),
  format: z.enum(eInvoiceDownloadFormats),
  ruleSet: z.enum(eInvoiceFormats),
  issues: z.array(readinessIssueSchema),
});
export type EInvoiceNotReadyAnswer = z.infer<typeof eInvoiceNotReadyAnswerSchema>;
