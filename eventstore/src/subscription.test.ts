import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from './database.js';
import {
  createEventStore,
  type EventStore,
  type OpenDatabase,
  openDatabase,
  type StoredEvent,
} from './index.js';
import { applyDeposits, balances, deposited } from './testing/deposits.js';
import { openTestDatabase, testStores } from './testing/index.js';
import { testDatabaseUrl } from './testing/test-config.js';

async function createBalances(database: OpenDatabase): Promise<void> {
  await database.db.execute(
    sql`create table test_balances (account text primary key, total integer not null)`,
  );
}

describe.each(testStores())('subscriptions on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;
  // This suite's sessions among those of other suites on the same PostgreSQL server.
  const applicationName = `subscriptions-${randomUUID().slice(0, 8)}`;

  beforeEach(async () => {
    database = await openTestDatabase(kind, { applicationName });
    store = createEventStore(database, { pollIntervalMs: 50 });
  });
  afterEach(async () => {
    await store.close();
    await database.close();
  });

  function collect(name: string, target: StoredEvent[], batchSize?: number) {
    return store.subscribe(
      name,
      async (events) => {
        target.push(...events);
      },
      batchSize ? { batchSize } : {},
    );
  }

  it('hands over every event once, in batches, and records where it stopped', async () => {
    for (let i = 1; i <= 7; i++)
      await store.append(`account-${i % 3}`, [deposited(i)], { expectedVersion: 'any' });
    const seen: StoredEvent[] = [];
    const subscription = collect('collector', seen, 3);
    await subscription.caughtUp();

    expect(seen.map((event) => (event.data as { amount: number }).amount)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const last = seen.at(-1)!;
    expect(await store.checkpoint('collector')).toEqual({ txId: last.txId, position: last.position });
    expect(await store.hasApplied('collector', last.position)).toBe(true);
    await subscription.stop();

    const { position } = await store.append('account-1', [deposited(8)], { expectedVersion: 'any' });
    expect(await store.hasApplied('collector', position)).toBe(false);
    expect(await store.hasApplied('nobody', seen[0]!.position)).toBe(false);
  });

  it('says a position is applied only when every one of several members has it, and wakes a waiting read', async () => {
    await createBalances(database);
    const members = ['deposits', 'tally'].map((name) => ({ name, wants: () => true }));
    const group = store.subscribeGroup('ledger', members, async (pending, tx) => {
      await applyDeposits(pending.get('deposits') ?? [], tx);
    });
    await group.caughtUp();
    // A read waiting on its write: the group's batch ends the wait, long before the timeout.
    const mark = store.appliedMark();
    const woken = store.nextApplied(mark, 600_000);
    const { position } = await store.append('account-a', [deposited(4)], { expectedVersion: 'any' });
    await woken;
    // A batch committed since the mark: a wait from that mark ends at once.
    expect(store.appliedMark()).toBeGreaterThan(mark);
    await store.nextApplied(mark, 600_000);
    await group.caughtUp();
    expect(await store.hasApplied(['deposits', 'tally'], position)).toBe(true);
    expect(await store.hasApplied(['deposits', 'tally', 'nobody'], position)).toBe(false);
    await group.stop();

    const later = await store.append('account-a', [deposited(5)], { expectedVersion: 'any' });
    expect(await store.hasApplied(['deposits', 'tally'], later.position)).toBe(false);
    expect(await store.hasApplied(['deposits', 'tally'], position)).toBe(true);
  });

  it('resumes after a restart from its checkpoint', async () => {
    await store.append('account-a', [deposited(1), deposited(2)], { expectedVersion: 'no_stream' });
    const before: StoredEvent[] = [];
    const first = collect('resumer', before);
    await first.caughtUp();
    await first.stop();

    await store.append('account-a', [deposited(3)], { expectedVersion: 2 });
    const after: StoredEvent[] = [];
    const second = collect('resumer', after);
    await second.caughtUp();
    await second.stop();

    expect(before.map((event) => event.version)).toEqual([1, 2]);
    expect(after.map((event) => event.version)).toEqual([3]);
  });

  it('is woken by an append on the same store without waiting for the poll', async () => {
    const slow = createEventStore(database, { pollIntervalMs: 60_000 });
    const seen: StoredEvent[] = [];
    const subscription = slow.subscribe('woken', async (events) => {
      seen.push(...events);
    });
    await subscription.caughtUp();
    const started = performance.now();
    await slow.append('account-w', [deposited(1)], { expectedVersion: 'no_stream' });
    // Its next poll is 60 s away: seen well before that, it was woken (a busy machine can take seconds).
    await expect.poll(() => seen.length, { timeout: 20_000, interval: 10 }).toBe(1);
    expect(performance.now() - started).toBeLessThan(20_000);
    await slow.close();
  });

  it('is woken by LISTEN/NOTIFY when another store object appends', async () => {
    // On PostgreSQL the writer is a second connection pool, as in another process; PGlite has one session.
    const other =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: '', searchPath: database.searchPath })
        : database;
    const reader = createEventStore(database, { pollIntervalMs: 60_000 });
    const writer = createEventStore(other);
    const seen: StoredEvent[] = [];
    const subscription = reader.subscribe('listener', async (events) => {
      seen.push(...events);
    });
    await subscription.caughtUp();
    // PostgreSQL: the LISTEN runs on a connection of its own, after the subscription starts; the NOTIFY must
    // come after it. PGlite's one session runs the LISTEN before the append's statements.
    const listening = async () =>
      rowsOf<{ n: number }>(
        await other.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
               where application_name = ${applicationName} and state = 'idle' and query ilike 'listen %'`,
        ),
      )[0]?.n ?? 0;
    if (kind === 'postgres') await expect.poll(listening, { timeout: 10_000, interval: 10 }).toBe(1);

    await writer.append('account-n', [deposited(1)], { expectedVersion: 'no_stream' });
    await expect.poll(() => seen.length, { timeout: 5_000, interval: 10 }).toBe(1);

    await reader.close();
    await writer.close();
    if (other !== database) await other.close();
  });

  it('retries a failing batch with backoff and never skips it', async () => {
    await createBalances(database);
    await store.append('account-f', [deposited(1)], { expectedVersion: 'no_stream' });
    const errors: object[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (data: object) => errors.push(data) };
    const flaky = createEventStore(database, { logger, pollIntervalMs: 50 });
    let calls = 0;
    const seen: StoredEvent[] = [];
    const subscription = flaky.subscribe('flaky', async (events, tx) => {
      calls++;
      // Written, then rolled back with the failure: nothing of a failed attempt may survive.
      await applyDeposits(events, tx);
      if (calls < 3) throw new Error('read model unavailable');
      seen.push(...events);
    });
    await flaky.append('account-f', [deposited(2)], { expectedVersion: 1 });
    await subscription.caughtUp();
    await flaky.close();

    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ subscription: 'flaky', err: expect.any(Error) });
    expect(seen.map((event) => event.version)).toEqual([1, 2]);
    expect(await database.db.select().from(balances)).toEqual([{ account: 'account-f', total: 3 }]);
  });

  it('rebuilds a projection from zero into the same rows as the live one', async () => {
    await createBalances(database);
    const live = store.subscribe('balances', applyDeposits, { batchSize: 7 });
    // Writers racing the live projection, several streams interleaved.
    await Promise.all(
      Array.from({ length: 5 }, async (_, writer) => {
        for (let i = 1; i <= 10; i++) {
          await store.append(`account-${(writer + i) % 4}`, [deposited(writer * 100 + i)], {
            expectedVersion: 'any',
          });
        }
      }),
    );
    await live.caughtUp();
    await live.stop();
    const liveRows = await database.db.select().from(balances).orderBy(balances.account);

    await database.db.delete(balances);
    await store.resetCheckpoint('balances');
    const rebuild = store.subscribe('balances', applyDeposits, { batchSize: 13 });
    await rebuild.caughtUp();
    await rebuild.stop();
    const rebuiltRows = await database.db.select().from(balances).orderBy(balances.account);

    expect(liveRows).toHaveLength(4);
    expect(rebuiltRows).toEqual(liveRows);
    const [total] = await database.db
      .select({ sum: sql<number>`sum(${balances.total})::int` })
      .from(balances);
    expect(total?.sum).toBe(5 * 55 + 100 * 10 * (0 + 1 + 2 + 3 + 4));
  });
});
