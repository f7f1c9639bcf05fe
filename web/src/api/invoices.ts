import type { EInvoiceDownloadFormat } from '@remit/contracts';
import {
  type CustomerSuggestion,
  customerSuggestionsAnswerSchema,
  type InvoiceHistoryEntry,
  type InvoiceListAnswer,
  type InvoiceTemplate,
  invoiceCommandAnswerSchema,
  invoiceHistoryAnswerSchema,
  invoiceListAnswerSchema,
  invoiceTemplatesAnswerSchema,
  invoiceViewSchema,
} from '@remit/contracts';
import { request, requestRaw } from './client';

/** docs/api.md, Invoices: every answer is read with its schema from contracts. */
export type { CustomerSuggestion, InvoiceListItem, InvoiceTemplate } from '@remit/contracts';
export type InvoicePage = InvoiceListAnswer;
export type HistoryEvent = InvoiceHistoryEntry;

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

export async function fetchHistory(id: string, signal?: AbortSignal): Promise<HistoryEvent[]> {
  const answer = await request('GET', `/invoices/${encodeURIComponent(id)}/history`, {
    schema: invoiceHistoryAnswerSchema,
    signal,
  });
  return answer.events;
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

export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSuggestion[]> {
  const query = new URLSearchParams({ q });
  return request('GET', `/customers/suggestions?${query}`, {
    schema: customerSuggestionsAnswerSchema,
    signal,
  });
}

export async function fetchTemplates(signal?: AbortSignal): Promise<InvoiceTemplate[]> {
  return request('GET', '/templates/get', { schema: invoiceTemplatesAnswerSchema, signal });
}

export async function previewTemplate(templateId: string, invoice: unknown, signal?: AbortSignal) {
  const response = await requestRaw('POST', `/templates/${encodeURIComponent(templateId)}/preview`, {
    body: { invoice },
    signal,
  });
  return response.text();
}

export interface CreateInvoiceCommand {
  /** The submit payload of spec §3 (the form plus the template and status 'Draft'). */
  invoice: unknown;
  /** The logo as a data URL; it becomes the multipart `logo` file. */
  logo: string | null;
  idempotencyKey: string;
}

export function dataUrlToFile(dataUrl: string, name = 'logo'): File | null {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const [, type = 'application/octet-stream', base64, data = ''] = match;
  const text = base64 ? atob(data) : decodeURIComponent(data);
  const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
  const extension = type.split('/')[1]?.replace('+xml', '') ?? 'img';
  return new File([bytes], `${name}.${extension}`, { type });
}

// The outbox needs only the new invoice's id; the whole answer is checked against the contract server-side.
const invoiceCreatedSchema = invoiceCommandAnswerSchema.extend({
  invoice: invoiceViewSchema.pick({ ID: true }),
});

/** POST /invoices as multipart: `invoice` JSON and an optional `logo` file (spec §3). */
export async function createInvoice(command: CreateInvoiceCommand): Promise<{ id: string }> {
  const form = new FormData();
  form.set('invoice', JSON.stringify(command.invoice));
  const logo = command.logo ? dataUrlToFile(command.logo) : null;
  if (logo) form.set('logo', logo);
  const answer = await request('POST', '/invoices', {
    form,
    idempotencyKey: command.idempotencyKey,
    schema: invoiceCreatedSchema,
  });
  return { id: answer.invoice.ID };
}
