import { UnknownEventTypeError } from '@remit/contracts';
import { createEventStore, type Database, rowsOf } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { migrateReadModels, projectionNames } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Projection } from './projection.js';
import { projections } from './projections/index.js';
import { startProjector } from './projector.js';

describe('the projector', () => {
  it('keeps exactly the projections the read models name (the query side waits on those)', () => {
    expect(projections.map((projection) => projection.name)).toEqual([...projectionNames]);
  });

  it('reports an event type it does not know and does not move past it', async () => {
    const database = await openTestDatabase('pglite');
    await migrateReadModels(database);
    const failures: unknown[] = [];
    const logger = createLogger({ level: 'silent', name: 'test' });
    logger.error = ((details: { err?: unknown }) => {
      failures.push(details.err);
    }) as typeof logger.error;
    const store = createEventStore(database, { pollIntervalMs: 20, logger });
    const projector = startProjector({ store, projections, logger });
    try {
      const { position } = await store.append('somewhere', [{ type: 'InvoiceTeleported', data: {} }], {
        expectedVersion: 'no_stream',
      });
      await expect.poll(() => failures.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(failures[0]).toBeInstanceOf(UnknownEventTypeError);
      expect(await store.hasApplied('users', position)).toBe(false);
    } finally {
      await projector.stop();
      await store.close();
      await database.close();
    }
  });

  it('analyses the read models once a bulk catch-up ends, so the planner sees their real size (issue 28, goal 5)', async () => {
    const database = await openTestDatabase('pglite');
    await migrateReadModels(database);
    const logger = createLogger({ level: 'silent', name: 'test' });
    const store = createEventStore(database, { pollIntervalMs: 20, logger });
    const details = {
      name: 'Main account',
      type: 'bank_transfer',
      bankName: 'Bank of London',
      accountNumber: '',
      iban: 'GB82WEST12345698765432',
      swift: 'NWBKGB2L',
      paymentLink: '',
      instructions: '',
    };
    for (let index = 0; index < 12; index += 1) {
      await store.append(
        `payment-method-pm${index}`,
        [{ type: 'PaymentMethodAdded', data: { paymentMethodId: `pm${index}`, userId: 'u1', ...details } }],
        { expectedVersion: 'no_stream' },
      );
    }
    const estimate = async () => {
      const [row] = rowsOf<{ reltuples: number }>(
        await database.db.execute(sql`select reltuples from pg_class where relname = 'payment_methods'`),
      );
      return Number(row?.reltuples);
    };
    expect(await estimate()).toBe(-1);
    // Batches of 5, 5 and 2: the last, not full, ends the catch-up.
    const projector = startProjector({ store, projections, logger, batchSize: 5 });
    try {
      await projector.caughtUp();
      expect(await estimate()).toBe(12);
    } finally {
      await projector.stop();
      await store.close();
      await database.close();
    }
  });
});

describe.each(testStores())('a projector batch on %s', (kind) => {
  it('runs without JIT, which compiled each large batch statement for about a second (D-620)', async () => {
    const database = await openTestDatabase(kind);
    await migrateReadModels(database);
    const logger = createLogger({ level: 'silent', name: 'test' });
    const store = createEventStore(database, { pollIntervalMs: 20, logger });
    const users = projections.find((projection) => projection.name === 'users') as Projection;
    // JIT at work: the setting on and the server able to compile (PGlite never is).
    const jitActive = async (db: Database) => {
      const [row] = rowsOf<{ active: boolean }>(
        await db.execute(sql`select current_setting('jit')::boolean and pg_jit_available() as active`),
      );
      return row?.active;
    };
    const seen: (boolean | undefined)[] = [];
    // The users projection, reading the setting in its batch's transaction where it would read its rows.
    const probe: Projection = {
      ...users,
      applyBatch: async (db) => {
        seen.push(await jitActive(db));
      },
    };
    const projector = startProjector({ store, projections: [probe], logger });
    try {
      await store.append(
        'user-u1',
        [
          {
            type: 'UserSignedUp',
            data: {
              userId: 'u1',
              name: 'Ann',
              email: 'ann@example.com',
              passwordHash: null,
              method: 'password',
            },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
      await projector.caughtUp();
      expect(seen).toEqual([false]);
      // Every pooled connection, not only the projector's: set as each opens (open-postgres.ts).
      expect(await Promise.all([1, 2, 3].map(() => jitActive(database.db)))).toEqual([false, false, false]);
    } finally {
      await projector.stop();
      await store.close();
      await database.close();
    }
  });
});
