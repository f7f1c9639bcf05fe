import { invoiceStreamId, type StreamInvoice } from '@remit/contracts';
import { invoiceDecider } from '@remit/domain';
import { type EventStore, foldEvents } from '@remit/eventstore';
import { AppError, eventCodec } from '@remit/kit';

/**
 * The user's invoice as its own stream states it (issue 34, item 4): a command about an invoice decides
 * from this, never from a read model the projector may not have reached (Send or Share right after
 * issuing answered 404). 404 when it does not exist, was deleted, or is another user's.
 */
export async function streamInvoice(
  store: EventStore,
  userId: string,
  invoiceId: string,
): Promise<StreamInvoice> {
  const stored = await store.readStream(invoiceStreamId(invoiceId));
  const state = foldEvents(invoiceDecider, stored, eventCodec);
  const issued = stored.find((event) => event.type === 'InvoiceIssued');
  if (!state.exists || state.deleted || state.userId !== userId || !state.content || !issued) {
    throw new AppError('not_found', 'Invoice not found');
  }
  const { eInvoice: _model, ...content } = state.content;
  return {
    id: invoiceId,
    content,
    paid: state.paid,
    issuedPosition: issued.position,
    updatedAt: state.updatedAt ?? issued.createdAt,
  };
}
