// zod/mini: the dashboard's list is on the first screen, and the contracts' invoice schemas (classic
// zod) would bring the invoice form, the e-invoice codes, the currencies and money with them.
import type { EInvoiceDownloadFormat, InvoiceListAnswer } from '@remit/contracts';
import { collectionStatuses } from '@remit/contracts';
import { z } from 'zod/mini';
import { request, requestRaw } from './client';

/**
 * `GET /invoices`'s answer, the same rules as the contracts' `invoiceListAnswerSchema` (invoices-api.ts)
 * written in zod/mini: the type check below fails to compile if the two stop describing the same answer,
 * and api/invoiceList.test.ts parses the same answers with both.
 */
export const invoiceListAnswerSchema = z.object({
  invoices: z.array(
    z.object({
      ID: z.string(),
      InvoiceNumber: z.string(),
      IssueDate: z.string(),
      DueDate: z.string(),
      Status: z.enum(['Draft', 'paid']),
      is_paid: z.boolean(),
      Amount: z.int(),
      Currency: z.string(),
      CustomerName: z.string(),
      CustomerCompanyName: z.string(),
      CustomerEmail: z.string(),
      locked: z.boolean(),
      // The collection figures (issue 14) are optional so a page cached by an older version still reads.
      CollectionStatus: z.optional(z.enum(collectionStatuses)),
      AmountPaid: z.optional(z.int()),
      Balance: z.optional(z.int()),
    }),
  ),
  pagination: z.object({
    page: z.int(),
    limit: z.int(),
    total: z.int(),
    total_pages: z.int(),
    total_capped: z.optional(z.boolean()),
    next_cursor: z.optional(z.nullable(z.string())),
    previous_cursor: z.optional(z.nullable(z.string())),
  }),
});

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameAnswer: Same<z.infer<typeof invoiceListAnswerSchema>, InvoiceListAnswer> = true;
void sameAnswer;

export interface InvoiceListParams {
  page: number;
  limit: number;
  search?: string;
  /** A collection status (issue 14; subscribers). */
  status?: string;
  /** Keyset paging (issue 18): the page after or before a cursor of an earlier answer. */
  after?: string;
  before?: string;
}

export function listInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<InvoiceListAnswer> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  if (params.after) query.set('after', params.after);
  if (params.before) query.set('before', params.before);
  return request('GET', `/invoices?${query}`, { schema: invoiceListAnswerSchema, signal });
}

export async function fetchInvoicePreview(id: string, signal?: AbortSignal): Promise<string> {
  const response = await requestRaw('GET', `/invoices/${encodeURIComponent(id)}/preview`, { signal });
  return response.text();
}

export async function fetchInvoicePdf(id: string): Promise<Blob> {
  const response = await requestRaw('GET', `/invoices/${encodeURIComponent(id)}/pdf`);
  return response.blob();
}

/** `GET /invoices/{id}/einvoice?format=…`: the XML and the file name the server gives it. */
export async function fetchInvoiceXml(
  id: string,
  format: EInvoiceDownloadFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await requestRaw('GET', `/invoices/${encodeURIComponent(id)}/einvoice?format=${format}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `invoice-${id}-${format}.xml`;
  return { blob: await response.blob(), fileName };
}
