import type { UserSettings } from '@remit/contracts';
import { z } from 'zod';
import { request, requestRaw } from './client';

/** docs/api.md, Invoices: the shapes the web app reads (unknown extra fields are dropped). */
export const invoiceListItemSchema = z.object({
  ID: z.string(),
  InvoiceNumber: z.string(),
  IssueDate: z.string(),
  DueDate: z.string(),
  Status: z.string(),
  is_paid: z.boolean().optional().default(false),
  Amount: z.number(),
  Currency: z.string(),
  CustomerName: z.string().optional().default(''),
  CustomerCompanyName: z.string().optional().default(''),
  CustomerEmail: z.string().optional().default(''),
  locked: z.boolean().optional().default(false),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoicePageSchema = z.object({
  invoices: z.array(invoiceListItemSchema),
  pagination: z.object({
    page: z.number().optional(),
    limit: z.number().optional(),
    total: z.number().optional(),
    total_pages: z.number(),
  }),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const historyEventSchema = z.object({
  type: z.string(),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  summary: z.string().optional().default(''),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;
const historySchema = z.object({ events: z.array(historyEventSchema) });

export const customerSuggestionSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Email: z.string(),
  Address: z.string(),
  CompanyName: z.string(),
  CompanyVAT: z.string().nullable().optional(),
});
export type CustomerSuggestion = z.infer<typeof customerSuggestionSchema>;

export const templateSchema = z.object({
  ID: z.string(),
  TemplateName: z.string(),
  TemplateComponentName: z.string(),
  ThumbnailURL: z.string().nullable().optional(),
});
export type InvoiceTemplate = z.infer<typeof templateSchema>;

const createdSchema = z.object({ invoice: z.object({ ID: z.string() }).loose() });

export interface InvoiceListParams {
  page: number;
  limit: number;
  search?: string;
}

export function listInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<InvoicePage> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.search) query.set('search', params.search);
  return request('GET', `/invoices?${query}`, { schema: invoicePageSchema, signal });
}

export async function fetchHistory(id: string, signal?: AbortSignal): Promise<HistoryEvent[]> {
  const answer = await request('GET', `/invoices/${encodeURIComponent(id)}/history`, {
    schema: historySchema,
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

export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSuggestion[]> {
  const query = new URLSearchParams({ q });
  return request('GET', `/customers/suggestions?${query}`, {
    schema: z.array(customerSuggestionSchema),
    signal,
  });
}

export function fetchSettings(signal?: AbortSignal): Promise<UserSettings> {
  return request<UserSettings>('GET', '/settings', { signal });
}

export async function fetchTemplates(signal?: AbortSignal): Promise<InvoiceTemplate[]> {
  return request('GET', '/templates/get', { schema: z.array(templateSchema), signal });
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

/** POST /invoices as multipart: `invoice` JSON and an optional `logo` file (spec §3). */
export async function createInvoice(command: CreateInvoiceCommand): Promise<{ id: string }> {
  const form = new FormData();
  form.set('invoice', JSON.stringify(command.invoice));
  const logo = command.logo ? dataUrlToFile(command.logo) : null;
  if (logo) form.set('logo', logo);
  const answer = await request('POST', '/invoices', {
    form,
    idempotencyKey: command.idempotencyKey,
    schema: createdSchema,
  });
  return { id: answer.invoice.ID };
}
