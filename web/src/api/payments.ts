import {
  type CollectionAnswer,
  collectionAnswerSchema,
  type SendInvoiceAnswer,
  type SendInvoiceInput,
  sendInvoiceAnswerSchema,
} from '@remit/contracts';
import { request } from './client';

/**
 * 'Mark as paid' (issue 14): a payment of the whole balance, dated today by the server. The key makes a
 * retry of the same click one payment.
 */
export function markInvoicePaid(invoiceId: string, idempotencyKey: string): Promise<CollectionAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/payments`, {
    body: {},
    idempotencyKey,
    schema: collectionAnswerSchema,
  });
}

/** `POST /invoices/{id}/send`: the key is the dialog's, so a double click or a retry mails once. */
export function sendInvoice(
  invoiceId: string,
  input: SendInvoiceInput,
  idempotencyKey: string,
): Promise<SendInvoiceAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/send`, {
    body: input,
    idempotencyKey,
    schema: sendInvoiceAnswerSchema,
  });
}
