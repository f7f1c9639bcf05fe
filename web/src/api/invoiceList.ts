import { type InvoiceListAnswer, invoiceListAnswerSchema } from '@remit/contracts';
import { request } from './client';

/**
 * `GET /invoices`, the dashboard's list: its own module, so the first screen loads the list's schema and not
 * the invoice's full view, its history or the invoice form (docs/decisions.md D-500).
 */
export type { InvoiceListItem } from '@remit/contracts';
export type InvoicePage = InvoiceListAnswer;

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

export function listInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<InvoicePage> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  if (params.after) query.set('after', params.after);
  if (params.before) query.set('before', params.before);
  return request('GET', `/invoices?${query}`, { schema: invoiceListAnswerSchema, signal });
}
