import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createEventStore,
  type EventStore,
  migrateEventStore,
  type OpenDatabase,
  openDatabase,
  runWhenLeading,
} from '@remit/eventstore';
import {
  createScratchDatabase,
  openTestDatabase,
  type ScratchDatabase,
  testStores,
} from '@remit/eventstore/testing';
import { createLogger, migrateSharedState, PROJECTOR_LOCK } from '@remit/kit';
import { startServiceProcess } from '@remit/kit/testing';
import { migrateReadModels } from '@remit/readmodels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from './projections/index.js';
import { replayProjections } from './replay.js';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Health {
  leading?: boolean;
  projectorLeader?: string | null;
  projectorLag?: Record<string, number>;
}

/** A projector service as production runs it: its own process, on the test's database. */
const startProjectorProcess = (databaseUrl: string, dataDir: string) =>
  startServiceProcess<Health>(main, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });

function issued(n: number) {
  const invoiceId = `inv-${n}`;
  const customer = {
    name: `Customer ${n % 7}`,
    email: `c${n % 7}@x.test`,
    address: '1 Main Street',
    companyName: `Customer ${n % 7} Ltd`,
    vatId: null,
  };
  return {
    invoiceId,
    data: {
      invoiceId,
      userId: `user-${n % 3}`,
      number: `F-${n}`,
      issueDate: '2026-01-10',
      dueDate: '2026-02-10',
      currency: n % 2 ? 'EUR' : 'USD',
      taxRate: 0,
      items: [{ description: 'Work', quantity: 1, unitPrice: 1_000 + n, total: 1_000 + n }],
      subtotal: 1_000 + n,
      tax: 0,
      total: 1_000 + n,
      seller: { ...customer, name: 'Ada Lovelace', email: 'ada@x.test' },
      customer,
      notes: '',
      terms: '',
      logo: null,
      paymentMethod: null,
      template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
      status: 'Draft',
    },
  };
}

// PGlite belongs to one process: its lock is in-process, and still lets only one candidate lead.
describe('projector leadership on PGlite', () => {
  it('lets one candidate lead and the next take over when it stops', async () => {
    const database = await openTestDatabase('pglite');
    const logger = createLogger({ level: 'silent', name: 'test' });
    const started: string[] = [];
    const candidate = (holder: string) =>
      runWhenLeading({
        database,
        name: PROJECTOR_LOCK,
        holder,
        logger,
        retryMs: 20,
        work: async () => {
          started.push(holder);
          return async () => {};
        },
      });
    try {
      const first = candidate('first');
      await expect.poll(() => first.leading()).toBe(true);
      const second = candidate('second');
      expect(await second.leader()).toBe('first');
      await first.stop();
      await expect.poll(() => second.leading()).toBe(true);
      expect(await second.leader()).toBe('second');
      expect(started).toEqual(['first', 'second']);
      await second.stop();
    } finally {
      await database.close();
    }
  });
});

// Two projector processes on one PostgreSQL database, as the cluster runs them.
describe.each(testStores().filter((kind) => kind === 'postgres'))('projectors on %s that fail over', () => {
  let scratch: ScratchDatabase | undefined;
  let databaseUrl: string;
  let database: OpenDatabase;
  let store: EventStore;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('remit_failover');
    databaseUrl = scratch.url;
    dataDir = await mkdtemp(join(tmpdir(), 'remit-failover-'));
    database = await openDatabase({ databaseUrl, dataDir, applicationName: 'failover-test' });
    await migrateEventStore(database);
    await migrateSharedState(database);
    await migrateReadModels(database);
    store = createEventStore(database);
  });
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await store?.close();
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets one lead, and the standby take over from the checkpoint when the leader is killed -9', async () => {
    const first = await startProjectorProcess(databaseUrl, dataDir);
    children.push(first.child);
    await expect.poll(async () => (await first.health())?.leading, { timeout: 30_000 }).toBe(true);
    const second = await startProjectorProcess(databaseUrl, dataDir);
    children.push(second.child);
    await expect.poll(async () => (await second.health()) !== null, { timeout: 30_000 }).toBe(true);
    // Exactly one leads, and every instance (and any service on the database) names the same one.
    expect((await second.health())?.leading).toBe(false);
    expect((await first.health())?.projectorLeader).toEqual(expect.stringContaining(`:${first.pid}`));
    expect((await second.health())?.projectorLeader).toEqual(expect.stringContaining(`:${first.pid}`));

    // Writers keep appending while the leader dies mid-load.
    let writing = true;
    let written = 0;
    const writer = async (lane: number) => {
      for (let n = lane; writing; n += 4) {
        const { invoiceId, data } = issued(n);
        await store.append(`invoice-${invoiceId}`, [{ type: 'InvoiceIssued', data }], {
          expectedVersion: 'no_stream',
        });
        await store.append(
          `invoice-${invoiceId}`,
          [
            {
              type: 'InvoicePaidFor',
              data: { invoiceId, userId: data.userId, sessionId: `s-${n}`, amount: 399, currency: 'EUR' },
            },
          ],
          { expectedVersion: 1 },
        );
        written += 2;
      }
    };
    const failures: unknown[] = [];
    const writers = [0, 1, 2, 3].map((lane) =>
      writer(lane).catch((error: unknown) => {
        writing = false;
        failures.push(error);
      }),
    );
    await expect
      .poll(async () => (await store.checkpoint('profile-stats')).position, { timeout: 30_000 })
      .toBeGreaterThan(20n);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const killedAt = Date.now();
    await expect
      .poll(async () => (await second.health())?.leading, { timeout: 15_000, interval: 100 })
      .toBe(true);
    const takeoverMs = Date.now() - killedAt;
    const atTakeover = written;
    await expect.poll(() => written, { timeout: 30_000 }).toBeGreaterThan(atTakeover + 40);
    writing = false;
    await Promise.all(writers);
    expect(failures).toEqual([]);

    // Caught up: nothing skipped (no lag) and nothing applied twice (the rows are those of a replay).
    const caughtUp = Object.fromEntries(projections.map((projection) => [projection.name, 0]));
    await expect
      .poll(async () => (await second.health())?.projectorLag, { timeout: 60_000 })
      .toEqual(caughtUp);
    expect((await second.health())?.projectorLeader).toEqual(expect.stringContaining(`:${second.pid}`));
    const reports = await replayProjections(database.db, projections);
    expect(reports.filter((report) => report.differences.length > 0)).toEqual([]);
    expect(reports.find((report) => report.projection === 'profile-stats')?.events).toBeGreaterThanOrEqual(
      written,
    );
    console.info(`failover: standby led ${takeoverMs} ms after kill -9; ${written} events written`);
  }, 120_000);
});
