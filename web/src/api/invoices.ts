import {
  type CustomerSuggestion,
  customerSuggestionsAnswerSchema,
  type InvoiceHistoryEntry,
  type InvoiceListAnswer,
  type InvoiceTemplate,
  invoiceCommandAnswerSchema,
  invoiceHistoryAnswerSchema,
  invoiceTemplatesAnswerSchema,
  invoiceViewSchema,
} from '@remit/contracts';
import { request, requestRaw } from './client';

/** docs/api.md, Invoices: every answer is read with its schema from contracts. */
export type { CustomerSuggestion, InvoiceListItem, InvoiceTemplate } from '@remit/contracts';
export type InvoicePage = InvoiceListAnswer;
export type HistoryEvent = InvoiceHistoryEntry;

// The list and the files (no schema of their own) are in invoiceList.ts, off the contracts' invoice
// schemas: the dashboard's first screen needs them.
export type { InvoiceListParams } from './invoiceList';
export { fetchInvoicePdf, fetchInvoicePreview, fetchInvoiceXml, listInvoices } from './invoiceList';

export async function fetchHistory(id: string, signal?: AbortSignal): Promise<HistoryEvent[]> {
  const answer = await request('GET', `/invoices/${encodeURIComponent(id)}/history`, {
    schema: invoiceHistoryAnswerSchema,
    signal,
  });
  return answer.events;
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
