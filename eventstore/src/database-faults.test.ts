import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEventStore,
  type EventStoreLogger,
  isDatabaseUnavailable,
  migrateEventStore,
  type OpenDatabase,
  openDatabase,
  type StoredEvent,
} from './index.js';
import { testDatabaseUrl } from './testing/index.js';
import {
  findPostgresBinaries,
  type PrivatePostgres,
  startPrivatePostgres,
} from './testing/private-postgres.js';

const deposited = (amount: number) => ({ type: 'Deposited', data: { amount } });

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Counts what the store logs, so a test can see that a failure was noticed rather than crashing. */
function countingLogger() {
  const warnings: string[] = [];
  const logger: EventStoreLogger = {
    info: () => {},
    warn: (_data, message) => warnings.push(message),
    error: (_data, message) => warnings.push(message),
  };
  return { logger, warnings };
}

// A server of the test's own, stopped and started like an operator would; wherever the PostgreSQL
// suites run (TEST_DATABASE_URL), Debian's server binaries are there too (CI installs PostgreSQL).
// Without TEST_DATABASE_URL the suite is reported as skipped rather than the file failing with no suite.
describe.runIf(testDatabaseUrl)('the event store on postgres that restarts', () => {
  let cluster: PrivatePostgres;

  beforeAll(async () => {
    const bin = await findPostgresBinaries();
    if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
    cluster = await startPrivatePostgres(bin);
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  async function open(applicationName: string, logger?: EventStoreLogger): Promise<OpenDatabase> {
    return openDatabase({ databaseUrl: cluster.url, dataDir: '', applicationName, logger });
  }

  async function isListening(observer: OpenDatabase, applicationName: string): Promise<boolean> {
    const rows = rowsOf<{ count: number }>(
      await observer.db.execute(sql`select count(*)::int as count from pg_stat_activity
        where application_name = ${applicationName} and query like 'listen %'`),
    );
    return (rows[0]?.count ?? 0) > 0;
  }

  it('keeps the process alive through a restart mid-transaction and resumes from the checkpoint', async () => {
    const { logger, warnings } = countingLogger();
    const database = await open('faults-reader', logger);
    await migrateEventStore(database);
    // Polling once a minute: after the restart only the re-established LISTEN can wake it in time.
    const store = createEventStore(database, { logger, pollIntervalMs: 60_000 });
    await database.db.execute(sql`create table applied (amount integer not null)`);
    let stall: { reached: () => void; release: Promise<void> } | undefined;
    // A read model written in the batch's transaction: a batch cut off by the restart leaves nothing.
    const subscription = store.subscribe('collector', async (events, tx) => {
      for (const event of events) {
        await tx.execute(sql`insert into applied values (${(event.data as { amount: number }).amount})`);
      }
      if (stall) {
        // Holds a checked-out connection, between two queries of its transaction, while the server stops.
        stall.reached();
        await stall.release;
      }
    });
    const applied = async () =>
      rowsOf<{ amount: number }>(
        await database.db.execute(sql`select amount from applied order by amount`),
      ).map((row) => row.amount);
    await store.append('account-1', [deposited(1), deposited(2)], { expectedVersion: 'no_stream' });
    await subscription.caughtUp();

    let reached!: () => void;
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => {
      reached = resolve;
    });
    stall = { reached, release: new Promise((resolve) => (release = resolve)) };
    await store.append('account-1', [deposited(3)], { expectedVersion: 2 });
    await stalled;
    await cluster.stop();
    release();
    stall = undefined;

    const refused = await store.append('account-1', [deposited(4)], { expectedVersion: 3 }).catch((e) => e);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await cluster.start();

    const observer = await open('faults-observer');
    await expect
      .poll(() => isListening(observer, 'faults-reader'), { timeout: 15_000, interval: 100 })
      .toBe(true);
    // Another process's append (another pool) reaches the reader only through NOTIFY.
    const writer = createEventStore(observer);
    await writer.append('account-1', [deposited(4)], { expectedVersion: 3 });
    await expect.poll(applied, { timeout: 10_000, interval: 50 }).toEqual([1, 2, 3, 4]);
    expect(warnings).toContain('PostgreSQL connection lost');
    expect(warnings).toContain('database unavailable; subscription will resume from its checkpoint');

    await writer.close();
    await store.close();
    await observer.close();
    await database.close();
  });

  it('starts listening once a database that was down at start comes up', async () => {
    await cluster.stop();
    const database = await open('faults-late');
    const store = createEventStore(database, { pollIntervalMs: 60_000 });
    const seen: StoredEvent[] = [];
    const subscription = store.subscribe('late', async (events) => {
      seen.push(...events);
    });
    await cluster.start();
    await migrateEventStore(database);
    const observer = await open('faults-observer');
    await expect
      .poll(() => isListening(observer, 'faults-late'), { timeout: 15_000, interval: 100 })
      .toBe(true);
    await subscription.caughtUp();

    const writer = createEventStore(observer);
    const { position } = await writer.append('account-2', [deposited(7)], { expectedVersion: 'no_stream' });
    await expect
      .poll(() => seen.map((event) => event.position), { timeout: 10_000, interval: 50 })
      .toContain(position);

    await writer.close();
    await store.close();
    await observer.close();
    await database.close();
  });
});
