import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEventStore,
  type EventStore,
  type OpenDatabase,
  type StoredEvent,
  takeWriterLockSql,
} from './index.js';
import { openTestDatabase, testStores } from './testing/index.js';
import { testDatabaseUrl } from './testing/test-config.js';

const happened = (label: string) => ({ type: 'Happened', data: { label } });

describe.each(testStores())('log order on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database, { pollIntervalMs: 20 });
  });
  afterEach(async () => {
    await store.close();
    await database.close();
  });

  it('reads the log in (txId, position) order, each stream in version order', async () => {
    await Promise.all(
      Array.from({ length: 4 }, async (_, writer) => {
        for (let i = 0; i < 5; i++) {
          await store.append(`stream-${i % 2}`, [happened(`${writer}.${i}`)], { expectedVersion: 'any' });
        }
      }),
    );
    const log = await store.readAll({ txId: 0n, position: 0n }, { limit: 100 });
    expect(log).toHaveLength(20);
    const keys = log.map((event) => [event.txId, event.position] as const);
    const sorted = [...keys].sort(([txA, posA], [txB, posB]) =>
      txA === txB ? Number(posA - posB) : Number(txA - txB),
    );
    expect(keys).toEqual(sorted);
    for (const streamId of ['stream-0', 'stream-1']) {
      const versions = log.filter((event) => event.streamId === streamId).map((event) => event.version);
      expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    }
    const [, second] = log;
    expect(await store.readAll({ txId: second!.txId, position: second!.position }, { limit: 100 })).toEqual(
      log.slice(2),
    );
  });
});

// A transaction held open from outside needs a second session; PGlite runs one transaction at a
// time, so a late commit cannot happen there.
// Through a subscription and through a group (the projector's way, whose look and log read travel
// as one message: guarded-look.ts).
describe.each(
  testStores()
    .filter((kind) => kind === 'postgres')
    .flatMap((kind) => [[kind, 'subscribe'] as const, [kind, 'subscribeGroup'] as const]),
)('late commits on %s through %s (PostgreSQL only: PGlite serialises transactions)', (kind, via) => {
  let database: OpenDatabase;
  let store: EventStore;
  let sessions: pg.Client[];

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database, { pollIntervalMs: 20 });
    sessions = [];
  });
  afterEach(async () => {
    await Promise.all(sessions.map((session) => session.end()));
    await store.close();
    await database.close();
  });

  /** A raw session in the suite's schema, to hold transactions open at will. */
  async function openSession(): Promise<pg.Client> {
    const session = new pg.Client({
      connectionString: testDatabaseUrl,
      options: `-c search_path=${database.searchPath}`,
    });
    await session.connect();
    sessions.push(session);
    return session;
  }

  /** Begins a transaction as every writer of events does: the writer lock first. */
  async function beginWriting(session: pg.Client): Promise<void> {
    await session.query('begin');
    await session.query(takeWriterLockSql);
  }

  const insertEvent = (session: pg.Client, streamId: string) =>
    session.query(
      `insert into events (stream_id, version, type, data, metadata) values ($1, 1, 'Happened', '{}', '{}') returning position`,
      [streamId],
    );

  // A group's caughtUp waits until the newest committed event is applied, which a held writer delays by
  // design; so the two tests that look while a writer is held run through a plain subscription only (the
  // group's guard is held to the same by the inversion and race tests).
  function collect(target: StoredEvent[]) {
    if (via === 'subscribe') {
      return store.subscribe('collector', async (events) => {
        target.push(...events);
      });
    }
    return store.subscribeGroup('collectors', [{ name: 'collector', wants: () => true }], async (pending) => {
      target.push(...(pending.get('collector') ?? []));
    });
  }

  if (via === 'subscribe') {
    it('does not skip an event whose transaction commits after later ones', async () => {
      const late = await openSession();
      await beginWriting(late);
      await insertEvent(late, 'late');
      await store.append('early', [happened('early')], { expectedVersion: 'no_stream' });

      const seen: StoredEvent[] = [];
      const subscription = collect(seen);
      await subscription.caughtUp();
      // The open transaction holds the reader back: nothing past it can be checkpointed yet.
      expect(seen).toEqual([]);

      await late.query('commit');
      await subscription.caughtUp();
      expect(seen.map((event) => event.streamId)).toEqual(['late', 'early']);
    });
  }

  it('does not skip a lower position committed after a higher one (xid/position inversion)', async () => {
    const first = await openSession();
    const second = await openSession();
    // `first` takes the older transaction id but the later position; `second` the reverse.
    await beginWriting(first);
    await first.query('select pg_current_xact_id()');
    await beginWriting(second);
    const lower = await insertEvent(second, 'second');
    const higher = await insertEvent(first, 'first');
    await first.query('commit');
    expect(BigInt(lower.rows[0].position)).toBeLessThan(BigInt(higher.rows[0].position));

    const seen: StoredEvent[] = [];
    const subscription = collect(seen);
    await subscription.caughtUp();
    // A checkpoint by position alone would now stand past `second`'s event and skip it for ever.
    expect(seen.map((event) => event.streamId)).toEqual(['first']);

    await second.query('commit');
    await subscription.caughtUp();
    expect(seen.map((event) => event.streamId)).toEqual(['first', 'second']);
    expect(await store.hasApplied('collector', BigInt(lower.rows[0].position))).toBe(true);
  });

  it('is not held back by an open transaction that writes no events', async () => {
    const bystander = await openSession();
    await bystander.query('begin');
    // An id of its own, older than every event below, held open for the whole test.
    await bystander.query('create temporary table bystander_work (n int)');
    await bystander.query('insert into bystander_work values (1)');
    await store.append('after', [happened('after')], { expectedVersion: 'no_stream' });

    const seen: StoredEvent[] = [];
    const subscription = collect(seen);
    await subscription.caughtUp();
    expect(seen.map((event) => event.streamId)).toEqual(['after']);
    expect((await store.readAll({ txId: 0n, position: 0n }, { limit: 10 })).map((e) => e.streamId)).toEqual([
      'after',
    ]);
    await bystander.query('rollback');
  });

  if (via === 'subscribe') {
    it('holds the reader back for a slow writer that got its id before the reader looked', async () => {
      const slow = await openSession();
      const bystander = await openSession();
      await bystander.query('begin');
      await bystander.query('create temporary table bystander_work (n int)');
      await beginWriting(slow);
      await slow.query('select pg_current_xact_id()');
      await store.append('fast', [happened('fast')], { expectedVersion: 'no_stream' });

      const seen: StoredEvent[] = [];
      const subscription = collect(seen);
      await subscription.caughtUp();
      expect(seen).toEqual([]);

      await insertEvent(slow, 'slow');
      await slow.query('commit');
      await subscription.caughtUp();
      expect(seen.map((event) => event.streamId)).toEqual(['slow', 'fast']);
      await bystander.query('rollback');
    });
  }

  it('never skips a writer that takes its id between the two reads of a poll', async () => {
    // Many rounds of a writer that commits after a later writer, racing a polling subscription: every
    // event arrives, each stream in version order, none twice.
    const seen: StoredEvent[] = [];
    const subscription = collect(seen);
    const slow = await openSession();
    const rounds = 30;
    for (let round = 0; round < rounds; round++) {
      await beginWriting(slow);
      await slow.query('select pg_current_xact_id()');
      await store.append(`fast-${round}`, [happened('fast')], { expectedVersion: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, round % 3));
      await insertEvent(slow, `slow-${round}`);
      await slow.query('commit');
    }
    await subscription.caughtUp();
    const streams = seen.map((event) => event.streamId);
    expect(new Set(streams).size).toBe(streams.length);
    expect(streams.sort()).toEqual(
      Array.from({ length: rounds }, (_, round) => [`fast-${round}`, `slow-${round}`])
        .flat()
        .sort(),
    );
  });
});
