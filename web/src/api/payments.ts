import {
  type CollectionAnswer,
  collectionAnswerSchema,
  creditNoteAnswerSchema,
  type InvoiceCollectionDetails,
  type IssueCreditNoteInput,
  invoiceCollectionDetailsSchema,
  type RecordPaymentInput,
  type SendInvoiceAnswer,
  type SendInvoiceInput,
  sendInvoiceAnswerSchema,
} from '@remit/contracts';
import { z } from 'zod';
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

const collectionOfInvoiceSchema = z.object({ Collection: invoiceCollectionDetailsSchema });

/** The invoice's payments and figures (`GET /invoices/{id}`'s `Collection`). */
export async function fetchCollection(
  invoiceId: string,
  signal?: AbortSignal,
): Promise<InvoiceCollectionDetails> {
  const answer = await request('GET', `/invoices/${encodeURIComponent(invoiceId)}`, {
    schema: collectionOfInvoiceSchema,
    signal,
  });
  return answer.Collection;
}

/** A payment as the owner enters it: a typed amount in the invoice's currency, the day, how. */
export function recordPayment(
  invoiceId: string,
  input: RecordPaymentInput,
  idempotencyKey: string,
): Promise<CollectionAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/payments`, {
    body: input,
    idempotencyKey,
    schema: collectionAnswerSchema,
  });
}

export function reversePayment(invoiceId: string, paymentId: string, idempotencyKey: string) {
  return request(
    'POST',
    `/invoices/${encodeURIComponent(invoiceId)}/payments/${encodeURIComponent(paymentId)}/reverse`,
    { body: { reason: 'Reversed by the owner' }, idempotencyKey, schema: collectionAnswerSchema },
  );
}

export function voidInvoice(invoiceId: string, reason: string, idempotencyKey: string) {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/void`, {
    body: { reason },
    idempotencyKey,
    schema: collectionAnswerSchema,
  });
}

/** `POST /invoices/{id}/credit-notes` (issue 27): without lines a full credit, with lines a partial one. */
export function issueCreditNote(invoiceId: string, input: IssueCreditNoteInput, idempotencyKey: string) {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/credit-notes`, {
    body: input,
    idempotencyKey,
    schema: creditNoteAnswerSchema,
  });
}
