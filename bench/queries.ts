/**
 * The read side at 1k, 10k and 100k invoices for one user: `npm run bench:queries [seconds per step]`.
 *
 * The whole app over HTTP (its projector running) on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)
 * at 1, 16 and 64 connections, and on PGlite at 1 (the embedded store answers one query at a time). Each
 * size is a signed-in subscriber of its own whose invoices are written straight into the read-model tables
 * (`seedInvoices`: the projections' row shapes, a mix of paid, partly paid, owing and void over 3 years):
 * 100,000 invoices through commands and the projector would take the run's whole budget before measuring
 * anything, and what is measured here is reading, not writing. The load is autocannon, run as a process
 * of its own so it does not share the server's event loop. Steps: the dashboard's page 1, its last page
 * by `?page=N`, the next page after a cursor from the middle, a search matching ~0.5 % of the invoices, a
 * search matching all of them (count capped), quick stats, top clients. On PostgreSQL, first the
 * database's share of each step at each size (the route's read statements replayed on one connection,
 * p50/p99), and at the largest size `EXPLAIN (ANALYZE, BUFFERS)` of them.
 *
 * Env: BENCH_SIZES (default 1000,10000,100000), BENCH_CONNECTIONS (default 1,16,64), BENCH_STORES
 * (default both when PostgreSQL is configured), BENCH_PLANS_OUT (a file for the plans), BENCH_HTTP=0 (the
 * database's share only), BENCH_SQL_ROUNDS (default 200), BENCH_STEPS (only the steps whose name contains one
 * of these comma-separated words, e.g. `search`), BENCH_CPU_PROF (a folder: a CPU profile of this process,
 * the server's side, for each measured HTTP step, `{store}-{size}-{step}-{connections}.cpuprofile`).
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import pg from 'pg';
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { subscribe } from '../services/app/src/testing/profile.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { utcDate } from '../services/query/src/profile/stats.js';
import { seedInvoices } from '../services/query/src/testing/seed-invoices.js';
import { benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,16,64').split(',').map(Number);
const STORES = (process.env.BENCH_STORES ?? (benchPostgresUrl ? 'postgres,pglite' : 'pglite')).split(',') as (
  | 'postgres'
  | 'pglite'
)[];
const STEP_FILTER = process.env.BENCH_STEPS?.split(',').filter(Boolean) ?? [];
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Step {
  name: string;
  path: string;
}

interface Result {
  store: string;
  size: number;
  step: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** A CPU profile of this process (the server's event loop) while `work` runs, written to `file`. */
async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await writeFile(file, JSON.stringify(profile));
  }
}

/** One autocannon run in a process of its own; its JSON summary. */
function autocannon(url: string, token: string, connections: number, seconds: number) {
  return new Promise<{
    requests: { average: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        autocannonBin,
        '--json',
        '--connections',
        String(connections),
        '--duration',
        String(seconds),
        '--timeout',
        '30',
        '--headers',
        `authorization=Bearer ${token}`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(JSON.parse(out));
    });
  });
}

async function json(app: TestApp, token: string, path: string) {
  // Once again if the connection was reset: seeding the embedded store holds the event loop for seconds,
  // and a kept-alive socket the server times out just then fails the first request after it.
  const answer = await app.get(path, { token }).catch(() => app.get(path, { token }));
  if (answer.status !== 200)
    throw new Error(`${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown> & {
    pagination: { total_pages: number; next_cursor: string | null };
  };
}

async function stepsFor(app: TestApp, token: string, size: number): Promise<Step[]> {
  const lastPage = Math.ceil(size / 15);
  const middle = Math.ceil(lastPage / 2);
  const cursor = (await json(app, token, `/invoices?page=${middle}&limit=15`)).pagination.next_cursor;
  // Clients are named 'Client 0' … 'Client {size/50 - 1}': 'client 12' matches 12, 120–129, 1200–1299.
  const steps = [
    { name: 'page 1', path: '/invoices?page=1&limit=15' },
    { name: 'last page (?page=N)', path: `/invoices?page=${lastPage}&limit=15` },
    { name: 'next page (cursor)', path: `/invoices?page=${middle + 1}&limit=15&after=${cursor}` },
    { name: 'search, few match', path: '/invoices?page=1&limit=15&search=client%2012' },
    { name: 'search, all match', path: '/invoices?page=1&limit=15&search=example.com' },
    { name: 'quick stats', path: '/settings/quick-stats' },
    { name: 'top clients', path: '/customers/top' },
  ];
  return STEP_FILTER.length
    ? steps.filter((step) => STEP_FILTER.some((word) => step.name.includes(word)))
    : steps;
}

/** Every statement the pg driver sends while `work` runs (the routes' own queries, with their values). */
async function captured(work: () => Promise<unknown>) {
  const statements: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (typeof first === 'string') statements.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      statements.push({ text: config.text, values: config.values ?? (second as unknown[]) ?? [] });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return statements;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The database's share of each step: the read statements the route sends (not the session and access
 * checks), captured once, then sent again `SQL_ROUNDS` times one after another on one connection — the
 * cost curve without the HTTP server's share — and `EXPLAIN (ANALYZE, BUFFERS)` of each.
 */
const SQL_ROUNDS = Number(process.env.BENCH_SQL_ROUNDS ?? 200);

async function databaseShare(app: TestApp, token: string, userId: string, steps: Step[], schema: string) {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  await client.query(`set search_path to "${schema}", public`);
  const out: string[] = [];
  const timings: { step: string; statements: number; p50: number; p99: number; max: number }[] = [];
  try {
    for (const step of steps) {
      const statements = await captured(() => app.get(step.path, { token }));
      const reads = statements.filter(
        (statement) =>
          /^\s*(select|with)\b/i.test(statement.text) &&
          statement.values.includes(userId) &&
          !/"subscriptions"|"events"|checkpoints/.test(statement.text),
      );
      const rounds: number[] = [];
      for (let round = 0; round < SQL_ROUNDS; round++) {
        const started = performance.now();
        for (const statement of reads) await client.query(statement.text, statement.values);
        rounds.push(performance.now() - started);
      }
      rounds.sort((a, b) => a - b);
      timings.push({
        step: step.name,
        statements: reads.length,
        p50: Number(percentile(rounds, 50).toFixed(2)),
        p99: Number(percentile(rounds, 99).toFixed(2)),
        max: Number((rounds.at(-1) ?? 0).toFixed(2)),
      });
      for (const statement of reads) {
        const { rows } = await client.query(
          `explain (analyze, buffers, costs off, summary on) ${statement.text}`,
          statement.values,
        );
        out.push(
          `-- ${step.name}: ${step.path}\n${statement.text}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
  } finally {
    await client.end();
  }
  return { plans: out.join('\n'), timings };
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
      for (const connections of kind === 'pglite' ? [1] : CONNECTIONS) {
        for (const step of steps) {
          // A short warm-up, so the first connection's set-up and cold caches are not the figure.
          await autocannon(`${app.base}/api${step.path}`, person.token, connections, 1);
          const profile = CPU_PROF_DIR
            ? `${CPU_PROF_DIR}/${kind}-${size}-${step.name.replace(/\W+/g, '-')}-${connections}.cpuprofile`
            : undefined;
          const result = await profiled(profile, () =>
            autocannon(`${app.base}/api${step.path}`, person.token, connections, SECONDS),
          );
          const row: Result = {
            store: kind,
            size,
            step: step.name,
            connections,
            requestsPerSecond: Math.round(result.requests.average),
            p50: result.latency.p50,
            p99: result.latency.p99,
            max: result.latency.max,
            errors: result.errors + result.timeouts + result.non2xx,
          };
          results.push(row);
          console.log(JSON.stringify(row));
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
console.log('\nstore | invoices | step | connections | req/s | p50 ms | p99 ms | max ms | errors');
for (const row of results) {
  console.log(
    [
      row.store,
      row.size,
      row.step,
      row.connections,
      row.requestsPerSecond,
      row.p50,
      row.p99,
      row.max,
      row.errors,
    ].join(' | '),
  );
}
