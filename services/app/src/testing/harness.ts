import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthRateLimits } from '@remit/command';
import { createEventStore, migrateEventStore, type OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, type StoreKind, testLogLevel } from '@remit/eventstore/testing';
import { type Clock, closeServer, createLogger, listen } from '@remit/kit';
import { projectionNames } from '@remit/readmodels';
import { createRemitApp } from '../app.js';
import { loadAppConfig } from '../config.js';
import { appMigrations } from './migrations.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A database the test opened itself (its own server, shared with another app); migrated here. */
  database?: OpenDatabase;
  rateLimits?: AuthRateLimits;
  now?: Clock;
  /** The projector starts once this resolves (a read side that lags behind the commands). */
  projectorStartsAfter?: Promise<void>;
}

/**
 * The whole app over real HTTP on a free port, on a fresh database of the given kind: what a browser
 * or another service would talk to.
 */
export async function startTestApp(kind: StoreKind, options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-test-'));
  const database = options.database ?? (await openTestDatabase(kind, { migrations: appMigrations }));
  if (options.database) {
    await migrateEventStore(database);
    await appMigrations.apply(database);
  }
  const config = loadAppConfig({
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://remit.test',
    // A test machine shared with other suites is slower than production; the wait only ends sooner when done.
    READ_YOUR_WRITES_WAIT_MS: '15000',
    // Suites that send many requests at once would be shed on a busy test machine; admission.test.ts
    // turns it on.
    ADMISSION_CONCURRENCY: '0',
    // The time process ticks when a test says so (`remit.collectionClock.tick()`), on the test's clock.
    REMINDER_TICK_MS: '0',
    ...options.env,
  });
  const logger = createLogger({
    level: testLogLevel,
    name: 'test',
  });
  const remit = await createRemitApp({
    config,
    database,
    logger,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.projectorStartsAfter ? { projectorStartsAfter: options.projectorStartsAfter } : {}),
  });
  const server = await listen(remit.app, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: response.status, headers: response.headers, body: json };
  }

  /**
   * Waits until every read model has applied the event at `position`. `caughtUp` alone is one pass of the
   * projector, which a transaction held open elsewhere in a shared PostgreSQL database can hold back.
   */
  async function applied(position: bigint): Promise<void> {
    const store = createEventStore(database);
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (await store.hasApplied(projectionNames, position)) return;
        if (Date.now() > deadline) throw new Error(`the read models did not apply position ${position}`);
        await remit.caughtUp();
      }
    } finally {
      await store.close();
    }
  }

  return {
    base,
    dataDir,
    applied,
    database,
    remit,
    call,
    get: (path: string, init?: Parameters<typeof call>[2]) => call('GET', path, init),
    post: (path: string, body?: unknown, init?: Parameters<typeof call>[2]) =>
      call('POST', path, { ...init, body: body ?? {} }),
    async close() {
      await closeServer(server);
      await remit.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
