import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChainReport,
  createEventStore,
  describeChain,
  type EventStore,
  GENESIS,
  type OpenDatabase,
  readChainHead,
  readChainOrigin,
  takeWriterLockSql,
  verifyChain,
} from './index.js';
import { openTestDatabase, testStores } from './testing/index.js';
import { testDatabaseUrl } from './testing/test-config.js';

const noted = (n: number, text = 'plain') => ({ type: 'Noted', data: { n, text, nested: { b: 1, a: [n] } } });

describe.each(testStores())('the tamper-evident chain on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;
  let chain: { caughtUp(): Promise<void>; stop(): Promise<void> };

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database, { pollIntervalMs: 20 });
    chain = store.keepChain();
  });
  afterEach(async () => {
    await store.close();
    await database.close();
  });

  const verify = (): Promise<ChainReport> => verifyChain(database.db);
  const run = (statement: string) => database.db.execute(sql.raw(statement));

  /** Six events on three streams, linked; their positions in reader order. */
  async function writeLog(): Promise<bigint[]> {
    for (let n = 1; n <= 3; n++) {
      await store.append(`note-${n}`, [noted(n, 'Grüße, 東京'), noted(n + 10)], {
        expectedVersion: 'no_stream',
      });
    }
    await chain.caughtUp();
    const log = await store.readAll({ txId: 0n, position: 0n }, { limit: 100 });
    return log.map((event) => event.position);
  }

  it('links every event in reader order and verifies an intact log', async () => {
    const positions = await writeLog();
    const report = await verify();
    expect(report).toMatchObject({ ok: true, checked: 6, pending: 0, broken: null });
    expect(report.head).toMatchObject({ seq: 6n, position: positions.at(-1) });
    expect(report.head?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.head?.hash).not.toBe(GENESIS);
    expect(await readChainOrigin(database.db)).toMatchObject({ eventsBefore: 0n, lastPosition: null });
    expect(describeChain(report)).toMatch(/^OK: 6 events verified; head [0-9a-f]{64} at link 6/);

    // A later append extends the same chain.
    const before = report.head!.hash;
    await store.append('note-1', [noted(4)], { expectedVersion: 2 });
    await chain.caughtUp();
    const later = await verify();
    expect(later).toMatchObject({ ok: true, checked: 7 });
    expect(later.head?.hash).not.toBe(before);
  });

  it('names an event whose data was changed in the database', async () => {
    const positions = await writeLog();
    await run(`update events set data = jsonb_set(data, '{n}', '999') where position = ${positions[3]}`);
    const report = await verify();
    expect(report).toMatchObject({ ok: false, checked: 3 });
    expect(report.broken).toMatchObject({ seq: 4n, position: positions[3], reason: 'changed' });
    expect(report.broken?.found).toMatchObject({ streamId: 'note-2', version: 2, type: 'Noted' });
    expect(describeChain(report)).toContain(`TAMPERED at link 4: the event at position ${positions[3]}`);
  });

  it('names a deleted event', async () => {
    const positions = await writeLog();
    await run(`delete from events where position = ${positions[2]}`);
    const report = await verify();
    expect(report.broken).toMatchObject({ seq: 3n, position: positions[2], reason: 'missing' });
    expect(describeChain(report)).toContain(`the event at position ${positions[2]} is missing`);
  });

  it('names the first of two swapped events', async () => {
    const positions = await writeLog();
    const [a, b] = [positions[1]!, positions[4]!];
    await run(`update events set position = -position where position in (${a}, ${b})`);
    await run(
      `update events set position = case position when -${a} then ${b} else ${a} end where position < 0`,
    );
    const report = await verify();
    expect(report.broken).toMatchObject({ seq: 2n, position: a, reason: 'moved' });
  });

  it('names a metadata change and an event slipped in below the head', async () => {
    const positions = await writeLog();
    await run(`update events set metadata = '{"userId":"someone else"}' where position = ${positions[0]}`);
    expect((await verify()).broken).toMatchObject({ seq: 1n, reason: 'changed' });
    await run(`update events set metadata = '{}' where position = ${positions[0]}`);
    expect(await verify()).toMatchObject({ ok: true });

    const head = (await readChainHead(database.db))!;
    await run(`insert into events (stream_id, version, type, data, metadata, tx_id)
      values ('forged', 1, 'Noted', '{}', '{}', '${head.txId - 1n}'::xid8)`);
    // Given a transaction id just below the head's, it stands before the head in reader order.
    const report = await verify();
    expect(report.broken).toMatchObject({ reason: 'moved', found: { streamId: 'forged' } });
  });

  it('keeps one chain when two keepers run on one store', async () => {
    const other = createEventStore(database, { pollIntervalMs: 20 });
    const second = other.keepChain();
    try {
      await Promise.all(
        Array.from({ length: 4 }, async (_, writer) => {
          for (let i = 0; i < 10; i++) {
            await store.append(`w-${writer}-${i}`, [noted(i)], { expectedVersion: 'no_stream' });
          }
        }),
      );
      await Promise.all([chain.caughtUp(), second.caughtUp()]);
      expect(await verify()).toMatchObject({ ok: true, checked: 40, pending: 0 });
    } finally {
      await other.close();
    }
  });
});

// Two connections committing out of position order: the chain follows the readers' order (D-01), so it
// verifies after both commit. PGlite runs one transaction at a time, so this needs PostgreSQL.
describe.each(testStores().filter((kind) => kind === 'postgres'))('concurrent appends on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;
  let sessions: pg.Client[];

  beforeEach(async () => {
    database = await openTestDatabase(kind, { poolSize: 8 });
    store = createEventStore(database, { pollIntervalMs: 20 });
    sessions = [];
  });
  afterEach(async () => {
    await Promise.all(sessions.map((session) => session.end()));
    await store.close();
    await database.close();
  });

  async function openSession(): Promise<pg.Client> {
    const session = new pg.Client({
      connectionString: testDatabaseUrl,
      options: `-c search_path=${database.searchPath}`,
    });
    await session.connect();
    sessions.push(session);
    return session;
  }

  it('chains a lower position committed after a higher one, and verifies', async () => {
    const chain = store.keepChain();
    const [first, second] = [await openSession(), await openSession()];
    // `first` takes the older transaction id and the later position; `second` the reverse.
    await first.query('begin');
    await first.query(takeWriterLockSql);
    await first.query('select pg_current_xact_id()');
    await second.query('begin');
    await second.query(takeWriterLockSql);
    const insert = (session: pg.Client, streamId: string) =>
      session.query(
        `insert into events (stream_id, version, type, data, metadata) values ($1, 1, 'Noted', '{"n":1}', '{}')`,
        [streamId],
      );
    await insert(second, 'second');
    await insert(first, 'first');
    await second.query('commit');
    // Appends from the pool meanwhile, on several connections at once.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.append(`pool-${i}`, [noted(i)], { expectedVersion: 'no_stream' }),
      ),
    );
    await chain.caughtUp();
    // `first` is still open, below every later transaction: nothing after it may be linked yet.
    expect((await verifyChain(database.db)).pending).toBeGreaterThan(0);
    await first.query('commit');
    await chain.caughtUp();
    const report = await verifyChain(database.db);
    expect(report).toMatchObject({ ok: true, checked: 10, pending: 0 });
  });
});
