/**
 * IssueInvoice over HTTP (POST /api/invoices, the all-in-one process with its projector running):
 * `npm run bench:commands [seconds per step]`. Commands/s and p50/p95/p99 at 1, 8, 32 and 64 clients,
 * each client a signed-in user of its own, on PGlite on a data folder as `npm start` opens it, PostgreSQL
 * (with BENCH_DATABASE_URL or TEST_DATABASE_URL) and, as an extra line, PGlite in memory
 * (`BENCH_STORES=pglite,postgres,pglite-memory`). On PostgreSQL it counts what one command sends (every pg
 * client's queries, told apart by whether an HTTP request or the projector sent them; the bench's own
 * polls left out): messages (round trips) and statements (a multi-statement message counts each), one
 * command at a time with and without an Idempotency-Key, and in every load step; on PGlite the messages to the
 * engine's thread alike. Each step also prints the process's CPU time (server, projector and clients, not
 * PostgreSQL's) per command, which a loaded machine disturbs less than the rate, and the main thread's and the
 * busiest other thread's (the engine's, on PGlite) apart.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { defaultAuthRateLimits } from '@remit/command';
import { openTestDatabase, openTestDataDir } from '@remit/eventstore/testing';
import pg from 'pg';
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { issue, percentile, watchLag } from './issue-load.js';
import { benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8,32,64').split(',').map(Number);
const POOL_SIZE = 32;

let counting = false;
const counted = { request: 0, projector: 0, requestStatements: 0, projectorStatements: 0 };
// Whatever an HTTP request starts runs in its context; the projector's loop runs outside any; the
// bench's own polls (lag, caught up) run in `benchOwn` and are not counted.
const inRequest = new AsyncLocalStorage<true>();
const benchOwn = new AsyncLocalStorage<true>();
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  const send = () => (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
  return event === 'request' ? inRequest.run(true, send) : send();
} as typeof emit;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (counting && !benchOwn.getStore()) {
    const side = inRequest.getStore() ? 'request' : 'projector';
    counted[side]++;
    // A multi-statement message answers with one result per statement (a pool's query, with a
    // callback, returns nothing: one prepared statement).
    const promise = answer as Promise<unknown> | undefined;
    if (typeof promise?.then !== 'function') counted[`${side}Statements`]++;
    else
      promise.then(
        (result) => {
          counted[`${side}Statements`] += Array.isArray(result) ? result.length : 1;
        },
        () => undefined,
      );
    if (process.env.BENCH_STATEMENTS) {
      const config = args[0] as string | { text: string };
      const text = typeof config === 'string' ? config : config.text;
      // One line a message, each of its statements' start.
      console.log(
        side,
        text.split(/;\n/).map((statement) => statement.replace(/\s+/g, ' ').slice(0, 70)),
      );
    }
  }
  return answer;
} as typeof query;

// On PGlite, the messages to the engine's thread (pglite-thread.ts): a statement, an `exec` of several (each
// counted as a statement) or a transaction's `begin` and `end`.
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
  const { op, sql } = (message ?? {}) as { op?: string; sql?: string };
  if (counting && op && !benchOwn.getStore()) {
    const side = inRequest.getStore() ? 'request' : 'projector';
    counted[side]++;
    counted[`${side}Statements`] += op === 'exec' && sql ? sql.split(/;\n/).length : 1;
    if (process.env.BENCH_STATEMENTS)
      console.log(
        side,
        op,
        (sql ?? '').split(/;\n/).map((text) => text.replace(/\s+/g, ' ').slice(0, 70)),
      );
  }
  return (post as (...a: unknown[]) => void).call(this, message, ...rest);
} as typeof post;

const resetCount = () => {
  counted.request = 0;
  counted.projector = 0;
  counted.requestStatements = 0;
  counted.projectorStatements = 0;
};
/** Messages and statements per command since the last reset. */
const perCommand = (commands: number) =>
  [
    `request ${(counted.request / commands).toFixed(2)} messages / ${(counted.requestStatements / commands).toFixed(2)} statements`,
    `projector ${(counted.projector / commands).toFixed(2)} / ${(counted.projectorStatements / commands).toFixed(2)}`,
  ].join(', ');
/** CPU time (ms) of each of this process's threads so far, by thread id (Linux; empty elsewhere). */
function threadCpu(): Map<string, number> {
  const times = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, the 14th and 15th fields, in clock ticks (100 a second).
      times.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {}
  return times;
}

/**
 * The main thread's CPU and the busiest other thread's (the engine's on PGlite) since `before`, per command:
 * the rate one core can give a thread is 1,000 / its ms a command.
 */
function threadsPerCommand(before: Map<string, number>, commands: number): string {
  const spent = [...threadCpu()].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)] as const);
  const main = spent.find(([tid]) => tid === String(process.pid))?.[1] ?? 0;
  const other = Math.max(0, ...spent.filter(([tid]) => tid !== String(process.pid)).map(([, ms]) => ms));
  return `main thread ${(main / commands).toFixed(1)} ms, busiest other thread ${(other / commands).toFixed(1)} ms a command`;
}

const caughtUp = (app: TestApp) => benchOwn.run(true, () => app.remit.caughtUp());

async function countStatements(app: TestApp, token: string) {
  const result: Record<string, string> = {};
  for (const [label, headers] of [
    ['without Idempotency-Key', () => ({})],
    ['with Idempotency-Key', () => ({ 'idempotency-key': randomUUID() })],
  ] as const) {
    const commands = 20;
    await caughtUp(app);
    resetCount();
    counting = true;
    for (let i = 0; i < commands; i++) await issue(app, token, `S-${label.length}-${i}`, headers());

    await caughtUp(app);
    counting = false;
    result[label] = perCommand(commands);
  }
  return result;
}

type Store = 'pglite' | 'postgres' | 'pglite-memory';

async function run(store: Store) {
  const kind = store === 'postgres' ? 'postgres' : 'pglite';
  // PGlite as `npm start` opens it: files in `${DATA_DIR}/db`, not memory.
  const dataDir = store === 'pglite' ? await mkdtemp(join(tmpdir(), 'remit-bench-commands-')) : undefined;
  const app = await startTestApp(kind, {
    // A pool sized to the clients (DATABASE_POOL_SIZE), as the README advises.
    database: dataDir
      ? await openTestDataDir(dataDir)
      : await openTestDatabase(kind, { poolSize: POOL_SIZE }),
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
    for (const [label, count] of Object.entries(await countStatements(app, users[0] as string))) {
      console.log(`${store} per IssueInvoice, one at a time, ${label}: ${count}`);
    }
    for (const clients of CLIENTS) {
      const latencies: number[] = [];
      const lag = benchOwn.run(true, () => watchLag(app));
      let errors = 0;
      resetCount();
      counting = true;
      const until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const threadsBefore = threadCpu();
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
      await caughtUp(app);
      // After the projector has caught up: its work for these commands included.
      const threads = threadsPerCommand(threadsBefore, Math.max(latencies.length, 1));
      counting = false;
      latencies.sort((a, b) => a - b);
      const lags = await lag.stop();
      console.log(
        `${store} ${clients} clients: ${(latencies.length / elapsed).toFixed(1)} commands/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, errors ${errors}; ` +
          `projection lag p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms; ` +
          `process CPU ${((cpu.user + cpu.system) / 1000 / Math.max(latencies.length, 1)).toFixed(1)} ms a command (${threads})` +
          `; per command: ${perCommand(Math.max(latencies.length, 1))}`,
      );
    }
  } finally {
    await app.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

const stores = (process.env.BENCH_STORES ?? 'pglite,postgres,pglite-memory')
  .split(',')
  .filter((store) => store !== 'postgres' || benchPostgresUrl) as Store[];
for (const store of stores) await run(store);
