import { eventCatalogue, readEvent } from '@remit/contracts';
import type { EventStore, NewEvent, StreamWrite } from '@remit/eventstore';

/** Invoices are appended this many streams to a transaction. */
const CHUNK = 500;

export interface SyntheticInvoices {
  /** Names the invoices and their streams: `bench` gives invoice `bench-7` in stream `invoice-bench-7`. */
  prefix: string;
  /** Whose invoice i is (default: 50 users, `user-0` to `user-49`). */
  userId?: (i: number) => string;
  /** Invoice i's customer (default: 8 clients, `Client0` to `Client7`). */
  customer?: (i: number) => string;
  /** After each InvoiceIssued, one in ten is revised and every other one paid (1.6 events an invoice). */
  followUps?: boolean;
  /**
   * The version the invoices' events are written as: `current` (default) as the command pipeline writes them
   * today, or `first`, version 1, as a log from before any upcaster (every read then upcasts it).
   */
  written?: 'current' | 'first';
}

const party = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  address: '1 Main Street',
  companyName: `${name} Ltd`,
  vatId: null,
});

/** The data of invoice i's InvoiceIssued: one line, a third of them in USD and the rest in EUR. */
function invoice(i: number, options: SyntheticInvoices) {
  const total = 10_000 + i;
  return {
    invoiceId: `${options.prefix}-${i}`,
    userId: options.userId?.(i) ?? `user-${i % 50}`,
    status: 'Draft',
    number: `INV-${i}`,
    issueDate: '2026-01-10',
    dueDate: '2026-02-10',
    currency: i % 3 === 0 ? 'USD' : 'EUR',
    taxRate: 0,
    items: [{ description: 'Work', quantity: 1, unitPrice: total, total }],
    subtotal: total,
    tax: 0,
    total,
    seller: party('Ada'),
    customer: party(options.customer?.(i) ?? `Client${i % 8}`),
    notes: '',
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
  };
}

/** An event of version 1's `data` as `options.written` asks: as it is, or upcast to the current version. */
function written(
  type: 'InvoiceIssued' | 'InvoiceRevised',
  data: object,
  options: SyntheticInvoices,
): NewEvent {
  if (options.written === 'first') return { type, data };
  return {
    type,
    data: readEvent({ type, data, schemaVersion: 1 }).data,
    schemaVersion: eventCatalogue[type].version,
  };
}

function invoiceStream(i: number, options: SyntheticInvoices): StreamWrite {
  const data = invoice(i, options);
  const events: NewEvent[] = [written('InvoiceIssued', data, options)];
  if (options.followUps && i % 10 === 0) {
    events.push(
      written('InvoiceRevised', { ...data, total: data.total + 1, subtotal: data.total + 1 }, options),
    );
  }
  if (options.followUps && i % 2 === 0) {
    events.push({
      type: 'InvoicePaidFor',
      data: {
        invoiceId: data.invoiceId,
        userId: data.userId,
        sessionId: `s-${i}`,
        amount: 399,
        currency: 'EUR',
      },
    });
  }
  return { streamId: `invoice-${data.invoiceId}`, events, expectedVersion: 'no_stream' };
}

/** Appends `count` synthetic invoices in large transactions; returns how many events that was. */
export async function appendInvoices(
  store: EventStore,
  count: number,
  options: SyntheticInvoices,
): Promise<number> {
  let events = 0;
  for (let start = 0; start < count; start += CHUNK) {
    const writes: StreamWrite[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) writes.push(invoiceStream(i, options));
    events += writes.reduce((sum, write) => sum + write.events.length, 0);
    await store.appendMany(writes);
  }
  return events;
}
