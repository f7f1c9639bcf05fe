/**
 * The read side at 1k, 10k and 100k invoices for one user: `npm run bench:queries [seconds per step]`.
 *
 * The whole app over HTTP (its projector running) on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)
 * at 1, 16 and 64 connections, and on PGlite at 1 (the embedded store answers one query at a time). Each
 * size is a signed-in subscriber of its own whose invoices are written straight into the read-model tables
 * (`seedInvoices`: the projections' row shapes, a mix of paid, partly paid, owing and void over 3 years):
 * 100,000 invoices through commands and the projector would take the run's whole budget before measuring
 * anything, and what is measured here is reading, not writing. The load (autocannon's closed loop, or an open
 * loop of our own) runs as a process of its own so it does not share the server's event loop. Steps: the
 * dashboard's page 1, its last page by `?page=N`, any page (a page drawn at random for each request), the next page after a cursor from the middle,
 * a search matching ~5.5 % of the invoices, one matching 12 % ('trading'), one matching all of them (count
 * capped), quick stats, top clients. Then, at the largest size, an open loop (BENCH_RATE requests a second, evenly
 * spaced, over at most BENCH_RATE_CONNECTIONS connections, each latency from when its request was due: see
 * queries-load.mjs) for page 1, any page and the 12 % search, so that p99 is the server's answer time, not a queue's. On PostgreSQL, first the
 * database's share of each step at each size (the route's read statements replayed on one connection,
 * p50/p99), and at the largest size `EXPLAIN (ANALYZE, BUFFERS)` of them.
 *
 * Env: BENCH_SIZES (default 1000,10000,100000), BENCH_CONNECTIONS (default 1,16,64; PGlite's
 * BENCH_PGLITE_CONNECTIONS, default 1), BENCH_RATE (requests a second, a list; default 500; 0: no open loop), BENCH_RATE_CONNECTIONS
 * (default 16), BENCH_STORES
 * (default both when PostgreSQL is configured), BENCH_PLANS_OUT (a file for the plans), BENCH_HTTP=0 (the
 * database's share only), BENCH_SQL_ROUNDS (default 200), BENCH_STEPS (only the steps whose name contains one
 * of these comma-separated words, e.g. `search`), BENCH_CPU_PROF (a folder: a CPU profile of this process,
 * the server's side, for each measured HTTP step, `{store}-{size}-{step}-{connections}.cpuprofile`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { subscribe } from '../services/app/src/testing/profile.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { utcDate } from '../services/query/src/profile/stats.js';
import { seedInvoices } from '../services/query/src/testing/seed-invoices.js';
import { databaseShare, json, load, profiled, type Step } from './queries-support.js';
import { benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,16,64').split(',').map(Number);
const PGLITE_CONNECTIONS = (process.env.BENCH_PGLITE_CONNECTIONS ?? '1').split(',').map(Number);
const RATES = (process.env.BENCH_RATE ?? '500')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const RATE_CONNECTIONS = Number(process.env.BENCH_RATE_CONNECTIONS ?? 16);
const OPEN_LOOP_STEPS = ['page 1', 'any page (?page=random)', 'search, 12 % match'];
const STORES = (process.env.BENCH_STORES ?? (benchPostgresUrl ? 'postgres,pglite' : 'pglite')).split(',') as (
  | 'postgres'
  | 'pglite'
)[];
const STEP_FILTER = process.env.BENCH_STEPS?.split(',').filter(Boolean) ?? [];
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

interface Result {
  store: string;
  size: number;
  step: string;
  connections: number;
  /** Requests a second offered (open loop), or null: each connection sends its next on the last answer. */
  rate: number | null;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

async function stepsFor(app: TestApp, token: string, size: number): Promise<Step[]> {
  const lastPage = Math.ceil(size / 15);
  const middle = Math.ceil(lastPage / 2);
  const cursor = (await json(app, token, `/invoices?page=${middle}&limit=15`)).pagination.next_cursor;
  // Clients are named 'Client 0' … 'Client {size/50 - 1}': 'client 12' matches 12, 120–129, 1200–1299.
  // 3 clients in 25 are '… Trading Ltd': 'trading' matches 12 % of the invoices.
  const steps: Step[] = [
    { name: 'page 1', path: '/invoices?page=1&limit=15' },
    { name: 'last page (?page=N)', path: `/invoices?page=${lastPage}&limit=15` },
    { name: 'any page (?page=random)', path: '/invoices?page={page}&limit=15', pages: lastPage },
    { name: 'next page (cursor)', path: `/invoices?page=${middle + 1}&limit=15&after=${cursor}` },
    { name: 'search, few match', path: '/invoices?page=1&limit=15&search=client%2012' },
    { name: 'search, 12 % match', path: '/invoices?page=1&limit=15&search=trading' },
    { name: 'search, all match', path: '/invoices?page=1&limit=15&search=example.com' },
    { name: 'quick stats', path: '/settings/quick-stats' },
    { name: 'top clients', path: '/customers/top' },
  ];
  return STEP_FILTER.length
    ? steps.filter((step) => STEP_FILTER.some((word) => step.name.includes(word)))
    : steps;
}

async function run(kind: 'postgres' | 'pglite', results: Result[]) {
  const started = performance.now();
  const app = await startTestApp(kind, { env: { LOG_LEVEL: 'silent' } });
  const schema = await app.database.db
    .execute('select current_schema() as schema' as never)
    .then((result) => {
      const rows = Array.isArray(result) ? result : (result as { rows: { schema: string }[] }).rows;
      return String((rows[0] as { schema: string }).schema);
    });
  try {
    const today = utcDate(new Date());
    let firstPosition = 1_000_000_000;
    for (const size of SIZES) {
      const person = await signedInUser(app, `bench-${size}@example.com`);
      await subscribe(app, person);
      const seeding = performance.now();
      await seedInvoices(app.database.db, { userId: person.user.id, count: size, firstPosition, today });
      firstPosition += size + 1;
      // What autovacuum does soon after a bulk write: statistics, and the visibility map that lets the
      // keyset and `?page=N` reads answer from the index alone.
      await app.database.db.execute(
        'vacuum (analyze) invoices, invoice_collection, totals_invoices, client_currency_totals' as never,
      );
      console.log(`${kind} ${size}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      const steps = await stepsFor(app, person.token, size);
      if (kind === 'postgres') {
        const share = await databaseShare(app, person.token, person.user.id, steps, schema);
        for (const timing of share.timings) console.log(JSON.stringify({ sql: true, size, ...timing }));
        if (size === Math.max(...SIZES)) {
          if (process.env.BENCH_PLANS_OUT) await writeFile(process.env.BENCH_PLANS_OUT, share.plans);
          else console.log(share.plans);
        }
      }
      if (process.env.BENCH_HTTP === '0') continue;
      const measure = async (step: Step, connections: number, rate?: number) => {
        const options = {
          url: `${app.base}/api${step.path}`,
          token: person.token,
          connections,
          pages: step.pages,
        };
        // A short warm-up, so the first connection's set-up and cold caches are not the figure.
        await load({ ...options, seconds: 1 });
        const profile = CPU_PROF_DIR
          ? `${CPU_PROF_DIR}/${kind}-${size}-${step.name.replace(/\W+/g, '-')}-${connections}${rate ? `-${rate}rps` : ''}.cpuprofile`
          : undefined;
        const result = await profiled(profile, () => load({ ...options, seconds: SECONDS, rate }));
        const row: Result = {
          store: kind,
          size,
          step: step.name,
          connections,
          rate: rate ?? null,
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          errors: result.errors + result.timeouts + result.non2xx,
        };
        results.push(row);
        console.log(JSON.stringify(row));
      };
      for (const connections of kind === 'pglite' ? PGLITE_CONNECTIONS : CONNECTIONS) {
        for (const step of steps) await measure(step, connections);
      }
      if (size === Math.max(...SIZES)) {
        for (const rate of RATES) {
          for (const step of steps.filter((step) => OPEN_LOOP_STEPS.includes(step.name))) {
            await measure(step, RATE_CONNECTIONS, rate);
          }
        }
      }
    }
  } finally {
    await app.close();
  }
  console.log(`${kind}: whole run ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const results: Result[] = [];
if (CPU_PROF_DIR) await mkdir(CPU_PROF_DIR, { recursive: true });
for (const kind of STORES) await run(kind, results);
console.log(
  '\nstore | invoices | step | connections | offered req/s | req/s | p50 ms | p99 ms | max ms | errors',
);
for (const row of results) {
  console.log(
    [
      row.store,
      row.size,
      row.step,
      row.connections,
      row.rate ?? 'closed loop',
      row.requestsPerSecond,
      row.p50,
      row.p99,
      row.max,
      row.errors,
    ].join(' | '),
  );
}
