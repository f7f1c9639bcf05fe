import { type ShareAnswer, shareAnswerSchema } from '@remit/contracts';
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
