import { type EventNamed, withTypedAddresses } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { type RecordedEvent, unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { BatchRows, selectWhereIn } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { invoiceEInvoices } = readModels;

const handles = ['InvoiceIssued', 'InvoiceRevised', 'InvoiceVoided', 'InvoiceDeleted'] as const;
type Event = RecordedEvent<EventNamed<(typeof handles)[number]>>;

/**
 * Each invoice's e-invoice model and void day (D-440), what its XML, PDF and preview are drawn from: the model as
 * the invoice's last InvoiceIssued or InvoiceRevised states it (read through the catalogue, so a v1 invoice comes
 * upcast by eInvoiceFromV1), with the typed addresses of invoices recorded before they were kept (issue 34, item 6);
 * the void day is the UTC day of the InvoiceVoided. An event whose stream version the row has passed is a
 * re-delivery and changes nothing.
 */
export const invoiceEInvoicesProjection = defineProjection({
  name: 'invoice-einvoices',
  tables: ['invoice_einvoices'],
  handles,
  apply: (db, event) => applyInvoiceEInvoices(db, [event]),
  applyBatch: applyInvoiceEInvoices,
});

async function applyInvoiceEInvoices(db: Database, events: Event[]): Promise<void> {
  const loaded = await selectWhereIn(
    db,
    invoiceEInvoices,
    invoiceEInvoices.invoiceId,
    events.map((event) => event.data.invoiceId),
  );
  const rows = new BatchRows(invoiceEInvoices, ['invoiceId'], loaded);
  for (const event of events) {
    const { invoiceId, userId } = event.data;
    const row = rows.get({ invoiceId });
    if (row && (row.userId !== userId || row.version >= event.version)) continue;
    switch (event.type) {
      case 'InvoiceIssued':
      case 'InvoiceRevised':
        rows.put({
          invoiceId,
          userId,
          model: withTypedAddresses(event.data.eInvoice, event.data),
          voidedOn: row?.voidedOn ?? null,
          version: event.version,
        });
        break;
      case 'InvoiceVoided':
        if (row)
          rows.put({ ...row, voidedOn: event.createdAt.toISOString().slice(0, 10), version: event.version });
        break;
      case 'InvoiceDeleted':
        rows.delete({ invoiceId });
        break;
      default:
        unreachable(event);
    }
  }
  await rows.write(db);
}
