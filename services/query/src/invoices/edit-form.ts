import {
  type FinalBy,
  finalAfter,
  type InvoiceEditFormAnswer,
  type InvoiceRecord,
  invoiceFinalMessage,
  invoiceStreamId,
  invoiceSubmitFrom,
  logoUrl,
  readEvent,
} from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import type { InvoiceRow } from './repository.js';

/**
 * `GET /invoices/{id}/form` (issue 27): the wizard opens an invoice to edit it from its own stream, the content of
 * its last InvoiceIssued or InvoiceRevised with the e-invoice model (which no read model keeps), the revision an
 * edit is made on, and whether it is final (the decider refuses the edit then; the screen says so before typing).
 */
export async function editFormOf(
  store: EventStore,
  row: Pick<InvoiceRow, 'id'>,
): Promise<InvoiceEditFormAnswer> {
  let record: InvoiceRecord | null = null;
  let revision = 0;
  let finalBy: FinalBy | null = null;
  for (const stored of await store.readStream(invoiceStreamId(row.id))) {
    const event = readEvent(stored);
    if (event.type === 'InvoiceIssued') {
      const { invoiceId: _id, userId: _user, status: _status, origin: _origin, ...content } = event.data;
      [record, revision] = [content, revision + 1];
    } else if (event.type === 'InvoiceRevised') {
      const { invoiceId: _id, userId: _user, ...content } = event.data;
      [record, revision] = [content, revision + 1];
    } else finalBy = finalAfter(finalBy, event.type);
  }
  // The read model found it: its stream has its content (a row without one is a store that lost events).
  if (!record) throw new Error(`Invoice ${row.id} has no content in its stream`);
  return {
    form: invoiceSubmitFrom(record),
    revision,
    finalBy,
    finalMessage: finalBy ? invoiceFinalMessage(finalBy) : null,
    logoURL: record.logo ? logoUrl(record.logo.id) : null,
  };
}
