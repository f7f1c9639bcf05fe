import {
  type PublicInvoiceView,
  publicInvoiceViewSchema,
  type ShareAnswer,
  shareAnswerSchema,
} from '@remit/contracts';
import { request } from './client';

/** `POST /invoices/{id}/share`: a new link (its URL, shown once) or, with one active, `url: null`. */
export function shareInvoice(invoiceId: string, idempotencyKey: string): Promise<ShareAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/share`, {
    body: {},
    idempotencyKey,
    schema: shareAnswerSchema,
  });
}

/** 'Stop sharing': the link no longer opens the invoice. */
export function stopSharing(invoiceId: string, idempotencyKey: string): Promise<ShareAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/share/revoke`, {
    body: {},
    idempotencyKey,
    schema: shareAnswerSchema,
  });
}

/** Where the customer page's parts are: no sign-in, the token is the only key. */
export const publicInvoicePath = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;

/** The customer page's data; null when the link opens nothing (one answer for every such link). */
export async function fetchPublicInvoice(
  token: string,
  signal?: AbortSignal,
): Promise<PublicInvoiceView | null> {
  const response = await fetch(publicInvoicePath(token), { headers: { Accept: 'application/json' }, signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The invoice could not be loaded (${response.status})`);
  return publicInvoiceViewSchema.parse(await response.json());
}

export async function fetchPublicPreview(token: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`${publicInvoicePath(token)}/preview`, { signal });
  if (!response.ok) throw new Error(`The preview could not be loaded (${response.status})`);
  return response.text();
}
