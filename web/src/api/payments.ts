import { type CollectionAnswer, collectionAnswerSchema } from '@remit/contracts';
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
