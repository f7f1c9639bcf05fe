/**
 * How the profile-stats read model scales with one user's invoices: `npm run bench:replay-stats --
 * 2000`. Appends N `InvoiceIssued` events (a few clients, two currencies) for one
 * user on the embedded store, then times `replayProjections` for that one projection (what an auditor's
 * `npm run replay` does) and the live projector catching up.
 */
import { createEventStore } from '@remit/eventstore';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { appendInvoices } from './seed-log.js';
import { benchLogger, openBenchDatabase } from './support.js';

const profileStatsProjection = projections.find((projection) => projection.name === 'profile-stats');
if (!profileStatsProjection) throw new Error('no profile-stats projection');

const TOTAL = Number(process.argv[2] ?? 2000);
const { database, dispose } = await openBenchDatabase('pglite');
const logger = benchLogger;
const store = createEventStore(database, { logger });

const customers = ['Babbage', 'Faraday', 'Somerville', 'Herschel'];
await appendInvoices(store, TOTAL, {
  prefix: 'bench',
  userId: () => 'heavy-user',
  customer: (i) => customers[i % 4] as string,
});

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
