/**
 * IssueInvoice over HTTP (POST /api/invoices, the all-in-one process with its projector running):
 * `npm run bench:commands [seconds per step]`. Commands/s and p50/p95/p99 at 1, 8, 32 and 64 clients,
 * each client a signed-in user of its own, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
 * PostgreSQL. On PostgreSQL it first counts the SQL statements one command sends (every pg client's
 * queries, told apart by whether an HTTP request or the projector sent them), with and without an
 * Idempotency-Key.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Server } from 'node:http';
import { defaultAuthRateLimits } from '@remit/command';
import { projectionNames } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { invoicePayload } from '../services/app/src/testing/invoices.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { benchStores } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8,32,64').split(',').map(Number);

let counting = false;
const counted = { request: 0, projector: 0 };
// Whatever an HTTP request starts runs in its context; the projector's loop runs outside any.
const inRequest = new AsyncLocalStorage<true>();
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  const send = () => (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
  return event === 'request' ? inRequest.run(true, send) : send();
} as typeof emit;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    if (inRequest.getStore()) counted.request++;
    else counted.projector++;
    if (process.env.BENCH_STATEMENTS)
      console.log(inRequest.getStore() ? 'request' : 'projector', JSON.stringify(args[0]).slice(0, 140));
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

async function issue(app: TestApp, token: string, number: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: number })));
  const started = performance.now();
  const response = await fetch(`${app.base}/api/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`POST /invoices answered ${response.status} ${body}`);
  const answered = performance.now();
  return {
    latency: answered - started,
    answered,
    position: BigInt(response.headers.get('x-remit-position') ?? 0),
  };
}

/**
 * Projection lag: from a command's answer to the moment every read model has applied its position,
 * seen by polling every 10 ms (so lag is measured to within 10 ms, and the poll is load of its own).
 */
function watchLag(app: TestApp) {
  const pending = new Map<bigint, number>();
  const lags: number[] = [];
  let running = true;
  const names = projectionNames.map((name) => `'${name}'`).join(', ');
  const loop = (async () => {
    while (running || pending.size > 0) {
      if (pending.size > 0) {
        const positions = [...pending.keys()].map(String).join(', ');
        const result = (await app.database.db.execute(
          sql.raw(`select e.position::text as position from events e where e.position in (${positions})
            and not exists (select 1 from checkpoints c where c.name in (${names})
              and (e.tx_id, e.position) > (c.tx_id, c.position))
            and (select count(*) from checkpoints c where c.name in (${names})) = ${projectionNames.length}`),
        )) as unknown as { rows?: { position: string }[] } | { position: string }[];
        const rows = Array.isArray(result) ? result : (result.rows ?? []);
        const now = performance.now();
        for (const row of rows) {
          const position = BigInt(row.position);
          lags.push(now - (pending.get(position) as number));
          pending.delete(position);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    add: (position: bigint, answered: number) => pending.set(position, answered),
    stop: async () => {
      running = false;
      await loop;
      return lags.sort((a, b) => a - b);
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function countStatements(app: TestApp, token: string) {
  const result: Record<string, { request: number; projector: number }> = {};
  for (const [label, headers] of [
    ['without Idempotency-Key', () => ({})],
    ['with Idempotency-Key', () => ({ 'idempotency-key': randomUUID() })],
  ] as const) {
    const commands = 20;
    await app.remit.caughtUp();
    counted.request = 0;
    counted.projector = 0;
    counting = true;
    for (let i = 0; i < commands; i++) await issue(app, token, `S-${label.length}-${i}`, headers());

    await app.remit.caughtUp();
    counting = false;
    result[label] = { request: counted.request / commands, projector: counted.projector / commands };
  }
  return result;
}

async function run(kind: 'pglite' | 'postgres') {
  const app = await startTestApp(kind, {
    env: { LOG_LEVEL: 'silent' },
    // One machine signs every user up: the per-address limits would stop it at 20.
    rateLimits: {
      ...defaultAuthRateLimits,
      signUpPerIp: { windowMs: 60_000, limit: 100_000 },
      verifyPerIp: { windowMs: 60_000, limit: 100_000 },
    },
  });
  try {
    const users = [];
    for (let i = 0; i < Math.max(...CLIENTS); i++) {
      users.push((await signedInUser(app, `bench-${i}@example.com`)).token);
    }
    if (kind === 'postgres') {
      console.log(
        `${kind} statements per IssueInvoice:`,
        JSON.stringify(await countStatements(app, users[0] as string)),
      );
    }
    for (const clients of CLIENTS) {
      const latencies: number[] = [];
      const lag = watchLag(app);
      let errors = 0;
      const until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        users.slice(0, clients).map(async (token, client) => {
          for (let i = 0; performance.now() < until; i++) {
            try {
              const { latency, answered, position } = await issue(app, token, `B${clients}-${client}-${i}`);
              latencies.push(latency);
              lag.add(position, answered);
            } catch (error) {
              if (errors++ === 0) console.error(String(error));
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const lags = await lag.stop();
      console.log(
        `${kind} ${clients} clients: ${(latencies.length / elapsed).toFixed(1)} commands/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, errors ${errors}; ` +
          `projection lag p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms`,
      );
      await app.remit.caughtUp();
    }
  } finally {
    await app.close();
  }
}

for (const kind of benchStores()) await run(kind);
