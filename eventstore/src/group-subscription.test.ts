import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from './database.js';
import { createEventStore, type OpenDatabase, openDatabase, type StoredEvent } from './index.js';
import { transactionBegunWithFirst } from './pipelined-transaction.js';
import { applyDeposits, balances, deposited } from './testing/deposits.js';
import { openTestDatabase } from './testing/index.js';
import { testDatabaseUrl } from './testing/test-config.js';

// A group applies a batch as its look saw the checkpoints and checks them under the lock afterwards
// (group-subscription.ts); these hold that to "every event applied once" when another process moves
// them in between. PGlite has one session and one transaction at a time: nothing moves in between there,
// and without TEST_DATABASE_URL the suites are reported as skipped.
describe.runIf(testDatabaseUrl)('a group subscription on postgres', () => {
  const kind = 'postgres';
  let database: OpenDatabase;
  let other: OpenDatabase;
  // The second pool's name, to find its sessions among those of other suites on the same server.
  const otherName = `group-other-${randomUUID().slice(0, 8)}`;
  const otherWaitsForALock = async () =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${otherName} and wait_event_type = 'Lock'`,
      ),
    )[0]?.n ?? 0;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    // A second pool, as another process of the same service.
    other = await openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: '',
      searchPath: database.searchPath,
      applicationName: otherName,
    });
    await database.db.execute(
      sql`create table test_balances (account text primary key, total integer not null)`,
    );
  });
  afterEach(async () => {
    await other.close();
    await database.close();
  });

  it('applies a batch once when another process applied it between the look and the lock', async () => {
    const first = createEventStore(database, { pollIntervalMs: 30 });
    const second = createEventStore(other, { pollIntervalMs: 30 });
    await first.append('account-a', [deposited(1), deposited(2)], { expectedVersion: 'no_stream' });
    await first.append('account-b', [deposited(10)], { expectedVersion: 'no_stream' });

    // The first process holds its batch's transaction (and the checkpoint's row) open until let go.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let inside = false;
    const members = [{ name: 'deposits', wants: () => true }];
    const firstGroup = first.subscribeGroup('deposits', members, async (pending, tx) => {
      inside = true;
      await applyDeposits(pending.get('deposits') ?? [], tx);
      await held;
    });
    await expect.poll(() => inside, { timeout: 5_000, interval: 10 }).toBe(true);
    // The second looks now (the checkpoint is where it started: nothing committed yet), then waits for
    // the row's lock; the first commits meanwhile.
    const secondGroup = second.subscribeGroup('deposits', members, async (pending, tx) => {
      await applyDeposits(pending.get('deposits') ?? [], tx);
    });
    await expect.poll(otherWaitsForALock, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0);
    letGo();
    await first.append('account-b', [deposited(100)], { expectedVersion: 1 });
    await firstGroup.caughtUp();
    await secondGroup.caughtUp();
    await firstGroup.stop();
    await secondGroup.stop();
    await first.close();
    await second.close();

    expect(await database.db.select().from(balances).orderBy(balances.account)).toEqual([
      { account: 'account-a', total: 3 },
      { account: 'account-b', total: 110 },
    ]);
  });

  it('every event applied once by two processes racing over many batches', async () => {
    const stores = [
      createEventStore(database, { pollIntervalMs: 20 }),
      createEventStore(other, { pollIntervalMs: 20 }),
    ];
    const members = [
      { name: 'even', wants: (event: StoredEvent) => (event.data as { amount: number }).amount % 2 === 0 },
      { name: 'odd', wants: (event: StoredEvent) => (event.data as { amount: number }).amount % 2 === 1 },
    ];
    const groups = stores.map((store) =>
      store.subscribeGroup(
        'parity',
        members,
        async (pending, tx) => {
          for (const events of pending.values()) await applyDeposits(events, tx);
        },
        { batchSize: 3 },
      ),
    );
    await Promise.all(
      Array.from({ length: 4 }, async (_, writer) => {
        for (let i = 1; i <= 15; i++) {
          await stores[writer % 2]!.append(`account-${(writer + i) % 3}`, [deposited(writer * 100 + i)], {
            expectedVersion: 'any',
          });
        }
      }),
    );
    for (const group of groups) await group.caughtUp();
    for (const group of groups) await group.stop();
    for (const store of stores) await store.close();

    const [total] = await database.db
      .select({ sum: sql<number>`sum(${balances.total})::int` })
      .from(balances);
    expect(total?.sum).toBe(4 * 120 + 15 * 100 * (0 + 1 + 2 + 3));
  });
});

describe.runIf(testDatabaseUrl)('transactionBegunWithFirst on postgres', () => {
  const kind = 'postgres';
  let database: OpenDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(kind, { poolSize: 1 });
    await database.db.execute(
      sql`create table test_balances (account text primary key, total integer not null)`,
    );
  });
  afterEach(async () => {
    await database.close();
  });

  it('commits and rolls back as a transaction, and gives the connection back out of pipeline mode', async () => {
    await transactionBegunWithFirst(database.db, async (tx) => {
      await tx.insert(balances).values({ account: 'kept', total: 1 });
      const [row] = await tx.select().from(balances);
      expect(row).toEqual({ account: 'kept', total: 1 });
    });
    await expect(
      transactionBegunWithFirst(database.db, async (tx) => {
        await tx.insert(balances).values({ account: 'dropped', total: 2 });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    // A failing first statement fails the transaction with its own error.
    await expect(
      transactionBegunWithFirst(database.db, async (tx) => {
        await tx.execute(sql`select * from no_such_table`);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await database.db.select().from(balances)).toEqual([{ account: 'kept', total: 1 }]);

    // The pool's one connection is back, outside any transaction and not pipelining.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = (await pool.connect()) as pg.PoolClient & { pipeline?: boolean };
    try {
      expect(client.pipeline).toBe(false);
      const { rows } = await client.query<{ open: boolean }>(
        `select now() <> statement_timestamp() or pg_current_xact_id_if_assigned() is not null as open`,
      );
      expect(rows[0]?.open).toBe(false);
    } finally {
      client.release();
    }
  });
  it('sends what the transaction asks for at once as one message, each statement answered with its own rows', async () => {
    await database.db.insert(balances).values([
      { account: 'Zoë', total: 5 },
      { account: '東京', total: 7 },
    ]);
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const messages: string[] = [];
    const client = await pool.connect();
    const query = client.query;
    const counted = Object.getPrototypeOf(client) as { query: typeof query };
    const original = counted.query;
    counted.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      messages.push(typeof config === 'string' ? config : config.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    client.release();
    try {
      const [one, other, raw] = await transactionBegunWithFirst(database.db, async (tx) =>
        Promise.all([
          tx.select().from(balances).where(sql`${balances.account} = ${'Zoë'}`),
          tx.select().from(balances).where(sql`${balances.account} = ${"東京' or ''='"}`),
          tx.execute(sql`select total + ${1} as next from test_balances where account = ${'東京'}`),
        ]),
      );
      expect(one).toEqual([{ account: 'Zoë', total: 5 }]);
      // A quote in a value is a value, never SQL.
      expect(other).toEqual([]);
      expect(rowsOf(raw)).toEqual([{ next: 8 }]);
      // begin and the three reads in one message, the reads one statement (folded-writes.ts), then commit.
      expect(messages.length).toBe(2);
      expect(messages[0]?.split(';\n')).toHaveLength(2);
    } finally {
      counted.query = original;
    }
  });
});
