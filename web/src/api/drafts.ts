import {
  draftCommandAnswerSchema,
  type InvoiceDraft,
  invoiceDraftListSchema,
  invoiceDraftSchema,
} from '@remit/contracts';
import { request } from './client';

/** docs/api.md, Drafts (issue 27): unissued drafts on the server, on every device, and Duplicate. */
export type { InvoiceDraft } from '@remit/contracts';

export async function fetchDrafts(signal?: AbortSignal): Promise<InvoiceDraft[]> {
  return (await request('GET', '/drafts', { schema: invoiceDraftListSchema, signal })).drafts;
}

export function fetchDraft(id: string, signal?: AbortSignal): Promise<InvoiceDraft> {
  return request('GET', `/drafts/${encodeURIComponent(id)}`, { schema: invoiceDraftSchema, signal });
}

/** `PUT /drafts/{id}` made on `version` (none for a new draft): the version the next save is made on. */
export function saveServerDraft(
  id: string,
  form: unknown,
  version: number | undefined,
  idempotencyKey: string,
) {
  return request('PUT', `/drafts/${encodeURIComponent(id)}`, {
    body: { form, ...(version === undefined ? {} : { version }) },
    idempotencyKey,
    schema: draftCommandAnswerSchema,
  });
}

export function discardServerDraft(id: string, idempotencyKey: string) {
  return request('DELETE', `/drafts/${encodeURIComponent(id)}`, {
    idempotencyKey,
    schema: draftCommandAnswerSchema,
  });
}

/** `POST /invoices/{id}/duplicate`: the new draft's id. */
export function duplicateInvoice(id: string, idempotencyKey: string) {
  return request('POST', `/invoices/${encodeURIComponent(id)}/duplicate`, {
    idempotencyKey,
    schema: draftCommandAnswerSchema,
  });
}
