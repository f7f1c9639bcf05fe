/**
 * IssueInvoice over HTTP (POST /api/invoices, the all-in-one process with its projector running):
 * `npm run bench:commands [seconds per step]`. Commands/s and p50/p95/p99 at 1, 8, 32 and 64 clients,
 * each client a signed-in user of its own, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
 * PostgreSQL. On PostgreSQL it first counts the SQL statements one command sends (every pg client's
 * queries, told apart by whether an HTTP request or the projector sent them), with and without an
 * Idempotency-Key. Each step also prints the process's CPU time (server, projector and clients, not
 * PostgreSQL's) per command, which a loaded machine disturbs less than the rate.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Server } from 'node:http';
import { defaultAuthRateLimits } from '@remit/command';
import { openTestDatabase } from '@remit/eventstore/testing';
import pg from 'pg';
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { issue, percentile, watchLag } from './issue-load.js';
import { benchStores } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8,32,64').split(',').map(Number);
const POOL_SIZE = 32;

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
    // A pool sized to the clients (DATABASE_POOL_SIZE), as the README advises.
    database: await openTestDatabase(kind, { poolSize: POOL_SIZE }),
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
      const cpuBefore = process.cpuUsage();
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
      const cpu = process.cpuUsage(cpuBefore);
      latencies.sort((a, b) => a - b);
      const lags = await lag.stop();
      console.log(
        `${kind} ${clients} clients: ${(latencies.length / elapsed).toFixed(1)} commands/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, errors ${errors}; ` +
          `projection lag p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms; ` +
          `process CPU ${((cpu.user + cpu.system) / 1000 / Math.max(latencies.length, 1)).toFixed(1)} ms a command`,
      );
      await app.remit.caughtUp();
    }
  } finally {
    await app.close();
  }
}

for (const kind of benchStores()) await run(kind);
