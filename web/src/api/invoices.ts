import {
  type CustomerSuggestion,
  customerSuggestionsAnswerSchema,
  type InvoiceHistoryEntry,
  type InvoiceTemplate,
  invoiceHistoryAnswerSchema,
  invoiceTemplatesAnswerSchema,
} from '@remit/contracts';
import { request, requestRaw } from './client';

/** docs/api.md, Invoices: every answer is read with its schema from contracts. */
export type { CustomerSuggestion, InvoiceTemplate } from '@remit/contracts';
export type HistoryEvent = InvoiceHistoryEntry;

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
