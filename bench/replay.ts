/**
 * Rebuild speed of every read model: `npm run bench:replay [invoices]`. Appends N invoices (InvoiceIssued,
 * every other one InvoicePaidFor, one in ten revised; 50 users, 8 clients each, 2 currencies) in large
 * transactions, then times the live projector building every read model from zero (one loop, batches of
 * 500) and `replayProjections` (the auditor's rebuild into scratch tables), in events/s. PGlite, and
 * PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { createEventStore, type NewEvent, type StreamWrite } from '@remit/eventstore';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { benchLogger, benchStores, openBenchDatabase } from './support.js';

const INVOICES = Number(process.argv[2] ?? 10_000);
const CHUNK = 500;

const party = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  address: '1 Main Street',
  companyName: `${name} Ltd`,
  vatId: null,
});

function invoice(i: number) {
  const total = 10_000 + i;
  return {
    invoiceId: `bench-${i}`,
    userId: `user-${i % 50}`,
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
    customer: party(`Client${i % 8}`),
    notes: '',
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
  };
}

async function run(kind: 'pglite' | 'postgres') {
  const { database, dispose } = await openBenchDatabase(kind);
  const store = createEventStore(database, { logger: benchLogger });
  try {
    let events = 0;
    for (let start = 0; start < INVOICES; start += CHUNK) {
      const writes: StreamWrite[] = [];
      for (let i = start; i < Math.min(INVOICES, start + CHUNK); i++) {
        const data = invoice(i);
        const stream: NewEvent[] = [{ type: 'InvoiceIssued', data }];
        if (i % 10 === 0)
          stream.push({
            type: 'InvoiceRevised',
            data: { ...data, total: data.total + 1, subtotal: data.total + 1 },
          });
        if (i % 2 === 0) {
          stream.push({
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
        events += stream.length;
        writes.push({ streamId: `invoice-bench-${i}`, events: stream, expectedVersion: 'no_stream' });
      }
      await store.appendMany(writes);
    }

    let started = performance.now();
    const projector = startProjector({ store, projections, logger: benchLogger });
    await projector.caughtUp();
    await projector.stop();
    const live = (performance.now() - started) / 1000;
    console.log(
      `${kind}: ${events} events; live projector from zero ${live.toFixed(1)} s = ${(events / live).toFixed(0)} events/s`,
    );

    started = performance.now();
    const reports = await replayProjections(database.db, projections);
    const replay = (performance.now() - started) / 1000;
    const differences = reports.flatMap((report) => report.differences).length;
    console.log(
      `${kind}: replayProjections (${projections.length} projections, each reading the log) ${replay.toFixed(1)} s = ${(events / replay).toFixed(0)} events/s; differences ${differences}`,
    );
  } finally {
    await store.close();
    await dispose();
  }
}

for (const kind of benchStores()) await run(kind);
