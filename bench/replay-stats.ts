/**
 * How the profile-stats read model scales with one user's invoices: `npm run bench:replay-stats --
 * 2000`. Appends N `InvoiceIssued` events (a few clients, two currencies) for one
 * user on the embedded store, then times `replayProjections` for that one projection (what an auditor's
 * `npm run replay` does) and the live projector catching up.
 */
import { createEventStore } from '@remit/eventstore';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { benchLogger, openBenchDatabase } from './support.js';

const profileStatsProjection = projections.find((projection) => projection.name === 'profile-stats');
if (!profileStatsProjection) throw new Error('no profile-stats projection');

const TOTAL = Number(process.argv[2] ?? 2000);
const { database, dispose } = await openBenchDatabase('pglite');
const logger = benchLogger;
const store = createEventStore(database, { logger });

const party = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  address: '1 Main Street',
  companyName: `${name} Ltd`,
  vatId: null,
});
for (let i = 0; i < TOTAL; i++) {
  const total = 10_000 + i;
  await store.append(
    `invoice-bench-${i}`,
    [
      {
        type: 'InvoiceIssued',
        data: {
          invoiceId: `bench-${i}`,
          userId: 'heavy-user',
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
          customer: party(['Babbage', 'Faraday', 'Somerville', 'Herschel'][i % 4] as string),
          notes: '',
          terms: '',
          logo: null,
          paymentMethod: null,
          template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
        },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
}

let started = performance.now();
const projector = startProjector({ store, projections: [profileStatsProjection], logger });
await projector.caughtUp();
const live = performance.now() - started;
await projector.stop();

started = performance.now();
const [report] = await replayProjections(database.db, [profileStatsProjection]);
const replay = performance.now() - started;
console.log(
  `${TOTAL} invoices of one user: live projection ${(live / 1000).toFixed(1)} s, replay ${(replay / 1000).toFixed(1)} s, differences ${report?.differences.length}`,
);
await store.close();
await dispose();
