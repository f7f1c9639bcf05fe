/**
 * Projection lag under a sustained command rate: `npm run bench:lag [seconds per step]`. The all-in-one
 * app on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) with its projector running, each client a
 * signed-in user of its own sending IssueInvoice over HTTP back to back (the load of bench:commands).
 * Lag is the time from a command's answer until every read model has applied its position, seen by
 * polling every 5 ms. Steps: 1, 4, 8, 16 and 32 clients (lag against the rate they sustain), then 1, 8 and
 * 32 again (`BENCH_XID_HELD`, empty for none) while another session holds a transaction id open for the
 * whole step and writes no events.
 * With `BENCH_VISIBLE=8` (clients, comma-separated) it also measures lag as a person sees it: each writer,
 * after its answer, asks `GET /invoices` until the invoice is listed, then sends the next; twice: once with
 * the answer's position in `X-Remit-Position`, as the web app asks (the server holds the request until the
 * read models have it), once without, asking every 5 ms.
 */

import { defaultAuthRateLimits } from '@remit/command';
import { openTestDatabase, testDatabaseUrl } from '@remit/eventstore/testing';
import pg from 'pg';
import { startTestApp } from '../services/app/src/testing/harness.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { issue, percentile, untilListed, watchLag } from './issue-load.js';
import { benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CURVE = (process.env.BENCH_CLIENTS ?? '1,4,8,16,32').split(',').map(Number);
const WITH_BYSTANDER = (process.env.BENCH_XID_HELD ?? '1,8,32').split(',').filter(Boolean).map(Number);
const VISIBLE = (process.env.BENCH_VISIBLE ?? '').split(',').filter(Boolean).map(Number);
if (!benchPostgresUrl || !testDatabaseUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');

const app = await startTestApp('postgres', {
  database: await openTestDatabase('postgres', { poolSize: 32 }),
  env: { LOG_LEVEL: 'silent' },
  rateLimits: {
    ...defaultAuthRateLimits,
    signUpPerIp: { windowMs: 60_000, limit: 100_000 },
    verifyPerIp: { windowMs: 60_000, limit: 100_000 },
  },
});

/** A session in the app's schema holding an xid (a long report, a forgotten psql) and writing no events. */
async function holdTransaction(): Promise<() => Promise<void>> {
  const session = new pg.Client({
    connectionString: testDatabaseUrl,
    options: `-c search_path=${app.database.searchPath}`,
  });
  await session.connect();
  await session.query('begin');
  await session.query('create temporary table bystander (n int)');
  await session.query('select pg_current_xact_id()');
  return async () => {
    await session.query('rollback');
    await session.end();
  };
}

async function step(users: string[], clients: number, label: string, code: string) {
  const lag = watchLag(app, 5);
  let commands = 0;
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    users.slice(0, clients).map(async (token, client) => {
      for (let i = 0; performance.now() < until; i++) {
        try {
          const { answered, position } = await issue(app, token, `L${code}${clients}-${client}-${i}`);
          commands++;
          lag.add(position, answered);
        } catch (error) {
          if (errors++ === 0) console.error(String(error));
          if (errors > 100) throw error;
        }
      }
    }),
  );
  const rate = commands / ((performance.now() - started) / 1000);
  const lags = await lag.stop();
  console.log(
    `${label} ${clients} clients: ${rate.toFixed(1)} commands/s, errors ${errors}; projection lag p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${(lags.at(-1) ?? Number.NaN).toFixed(0)} ms (${lags.length} commands)`,
  );
  await app.remit.caughtUp();
}

/** Answer → listed in `GET /invoices`, each writer waiting to see its invoice before the next. */
async function visibleStep(users: string[], clients: number, withPosition: boolean) {
  const lags: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    users.slice(0, clients).map(async (token, client) => {
      for (let i = 0; performance.now() < until; i++) {
        try {
          const { answered, id, position } = await issue(
            app,
            token,
            `V${withPosition ? 'P' : ''}${clients}-${client}-${i}`,
          );
          lags.push(await untilListed(app, token, id, answered, withPosition ? { position } : {}));
        } catch (error) {
          if (errors++ === 0) console.error(String(error));
          if (errors > 100) throw error;
        }
      }
    }),
  );
  const rate = lags.length / ((performance.now() - started) / 1000);
  lags.sort((a, b) => a - b);
  console.log(
    `listed in GET /invoices (${withPosition ? 'with X-Remit-Position' : 'asked every 5 ms'}), ${clients} clients: ${rate.toFixed(1)} commands/s, errors ${errors}; lag p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${(lags.at(-1) ?? Number.NaN).toFixed(0)} ms (${lags.length} commands)`,
  );
  await app.remit.caughtUp();
}

try {
  const users: string[] = [];
  for (let i = 0; i < Math.max(...CURVE, ...WITH_BYSTANDER, ...VISIBLE); i++) {
    users.push((await signedInUser(app, `lag-${i}@example.com`)).token);
  }
  // Warm-up: the first commands compile statements and fill caches.
  await step(users, 4, 'warm-up', 'W');
  for (const clients of VISIBLE) {
    await visibleStep(users, clients, true);
    await visibleStep(users, clients, false);
  }
  for (const clients of CURVE) await step(users, clients, 'alone,', 'A');
  for (const clients of WITH_BYSTANDER) {
    const release = await holdTransaction();
    try {
      await step(users, clients, 'xid held open,', 'X');
    } finally {
      await release();
    }
  }
} finally {
  await app.close();
}
