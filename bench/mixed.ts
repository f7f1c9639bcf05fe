/**
 * Mixed load over HTTP, as people use Remit: `npm run bench:mixed [seconds per step]`.
 *
 * Each client is a person of their own (signed up, verified from the outbox, subscribed through the
 * sandbox checkout, then signed in — the first 40; sign-ins are limited per address) who, in a closed loop, issues an invoice (1 in 5), lists the
 * dashboard's first page (7 in 20), opens one of their invoices (1 in 5; right after issuing it, with
 * X-Remit-Position, as the web does), downloads its PDF (1 in 10) or reads the quick stats (1 in 10).
 * Requests/s, p50/p99 and errors at each concurrency (BENCH_CLIENTS, default 8,32,64) on:
 *
 *   cluster      scripts/cluster.mjs: Caddy, 2 command + 2 query + 2 projector processes on PostgreSQL
 *                (a database of its own on BENCH_DATABASE_URL or TEST_DATABASE_URL), all through Caddy
 *   pglite       the all-in-one process on the embedded store, admission control on (the default)
 *   pglite-open  the same with ADMISSION_CONCURRENCY=0 (no admission control), for comparison
 *   pglite-same-thread  admission on, with PGLITE_THREAD=false: the engine on the server's thread
 *
 * BENCH_TARGETS picks some (default: all that can run here). A 503 `overloaded` (shed, with
 * Retry-After) is counted apart from errors; any other non-2xx answer or a failed connection is an error.
 */

import { step } from './mixed/load.js';
import { type Person, person } from './mixed/people.js';
import { startCluster, startEmbedded, type Target } from './mixed/targets.js';
import { benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 20);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,32,64').split(',').map(Number);

type TargetName = 'cluster' | 'pglite' | 'pglite-open' | 'pglite-same-thread';
const TARGETS =
  (process.env.BENCH_TARGETS?.split(',') as TargetName[] | undefined) ??
  (benchPostgresUrl
    ? ['cluster', 'pglite', 'pglite-same-thread', 'pglite-open']
    : ['pglite', 'pglite-same-thread', 'pglite-open']);

let current: Target | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await current?.stop();
    process.exit(130);
  });
}

async function run(name: TargetName) {
  const startedAt = performance.now();
  const target =
    name === 'cluster'
      ? await startCluster()
      : await startEmbedded(name !== 'pglite-open', name !== 'pglite-same-thread');
  current = target;
  console.log(`\n${name}: up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${target.base}`);
  try {
    const most = Math.max(...CLIENTS);
    const people: Person[] = [];
    // Set up a few at a time, so the embedded store is not flooded before the measuring starts.
    for (let i = 0; i < most; i += 8) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, most - i) }, (_, j) => person(target, i + j)),
        )),
      );
    }
    console.log(`${name}: ${people.length} people signed up, subscribed and signed in`);
    for (const clients of CLIENTS) {
      const result = await step(target.base, people, clients, SECONDS);
      console.log(`${name} ${JSON.stringify(result)}`);
    }
  } finally {
    current = undefined;
    await target.stop();
  }
}

for (const name of TARGETS) await run(name);
process.exit(0);
