import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, createEventStore, type EventStore, type OpenDatabase } from './index.js';
import { openTestDatabase, testStores } from './testing/index.js';
import { testDatabaseUrl } from './testing/test-config.js';
import { WRITER_LOCK_SPACE } from './writer-guard.js';

const counted = (n: number) => ({ type: 'Counted', data: { n } });

describe.each(testStores())('appending on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('numbers a stream from 1 and reads it back in order', async () => {
    const streamId = `counter-${randomUUID()}`;
    const first = await store.append(streamId, [counted(1), counted(2)], { expectedVersion: 'no_stream' });
    const second = await store.append(streamId, [counted(3)], { expectedVersion: 2 });

    expect(first.nextVersion).toBe(2);
    expect(second).toMatchObject({ nextVersion: 3 });
    expect(second.position).toBeGreaterThan(first.position);
    const events = await store.readStream(streamId);
    expect(events.map((event) => [event.version, event.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
    expect(events[2]).toMatchObject({ streamId, type: 'Counted', metadata: {}, position: second.position });
    expect(typeof events[0]?.txId).toBe('bigint');
    expect(events[0]?.createdAt).toBeInstanceOf(Date);
    expect(await store.readStream(streamId, { fromVersion: 3 })).toHaveLength(1);
    expect(await store.streamVersion(streamId)).toBe(3);
    expect(await store.streamVersion(`counter-${randomUUID()}`)).toBe(0);
  });

  it('keeps metadata as written', async () => {
    const streamId = `counter-${randomUUID()}`;
    const metadata = { userId: 'u1', commandId: 'c1', causationId: null, client: 'web' as const };
    await store.append(streamId, [{ ...counted(1), metadata }], { expectedVersion: 'any' });
    const [event] = await store.readStream(streamId);
    expect(event?.metadata).toEqual(metadata);
  });

  it("refuses 'no_stream' on a stream that exists, and a stale version", async () => {
    const streamId = `counter-${randomUUID()}`;
    await store.append(streamId, [counted(1)], { expectedVersion: 'no_stream' });

    const again = store.append(streamId, [counted(2)], { expectedVersion: 'no_stream' });
    await expect(again).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(again).rejects.toMatchObject({ streamId, expected: 'no_stream', actual: 1 });
    await expect(store.append(streamId, [counted(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await expect(store.append(streamId, [counted(2)], { expectedVersion: 'any' })).resolves.toMatchObject({
      nextVersion: 2,
    });
  });

  it('refuses a version ahead of the stream, naming the actual one, and writes nothing', async () => {
    const streamId = `counter-${randomUUID()}`;
    await expect(store.append(streamId, [counted(1)], { expectedVersion: 3 })).rejects.toMatchObject({
      streamId,
      expected: 3,
      actual: 0,
    });
    await store.append(streamId, [counted(1)], { expectedVersion: 'no_stream' });
    await expect(store.append(streamId, [counted(2)], { expectedVersion: 2 })).rejects.toMatchObject({
      streamId,
      expected: 2,
      actual: 1,
    });
    expect(await store.streamVersion(streamId)).toBe(1);
  });

  it('writes several streams all or nothing', async () => {
    const email = `email-${randomUUID()}`;
    const user = `user-${randomUUID()}`;
    const other = `user-${randomUUID()}`;
    const both = await store.appendMany([
      { streamId: email, events: [counted(1)], expectedVersion: 'no_stream' },
      { streamId: user, events: [counted(1), counted(2)], expectedVersion: 'no_stream' },
    ]);
    expect(both.streams.map((stream) => stream.nextVersion)).toEqual([1, 2]);
    expect(both.position).toBe(both.streams[1]?.position);

    // The reservation is taken, so the second user's events must not land either.
    const clash = store.appendMany([
      { streamId: other, events: [counted(1)], expectedVersion: 'no_stream' },
      { streamId: email, events: [counted(1)], expectedVersion: 'no_stream' },
    ]);
    await expect(clash).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: email });
    expect(await store.readStream(other)).toEqual([]);
  });

  it('lets exactly one of many concurrent writers take each version', async () => {
    const streamId = `counter-${randomUUID()}`;
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        store.append(streamId, [counted(i)], { expectedVersion: 'no_stream' }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(ConcurrencyError);
    }

    const next = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => store.append(streamId, [counted(i)], { expectedVersion: 1 })),
    );
    expect(next.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect(await store.streamVersion(streamId)).toBe(2);
  });

  it("loses nothing when concurrent 'any' writers clash", async () => {
    const streamId = `counter-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.append(streamId, [counted(i)], { expectedVersion: 'any' })),
    );
    const events = await store.readStream(streamId);
    expect(events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  if (kind === 'postgres') {
    it('takes the writer lock before its transaction has an id, on one stream and on several', async () => {
      // A reader trusts that a transaction without the lock cannot be writing events
      // (writer-guard.ts): both forms of the append must wait for the lock with no id yet.
      // The observer looks from outside any transaction: pg_stat_activity is read once per transaction.
      const [holder, observer] = [0, 1].map(
        () =>
          new pg.Client({
            connectionString: testDatabaseUrl,
            options: `-c search_path=${database.searchPath}`,
          }),
      ) as [pg.Client, pg.Client];
      await holder.connect();
      await observer.connect();
      try {
        await holder.query('begin');
        await holder.query(`select pg_advisory_xact_lock(${WRITER_LOCK_SPACE}, hashtext(current_schema()))`);
        const one = `counter-${randomUUID()}`;
        const many = [`counter-${randomUUID()}`, `counter-${randomUUID()}`];
        const appends = Promise.all([
          store.append(one, [counted(1)], { expectedVersion: 'no_stream' }),
          store.appendMany(
            many.map((streamId) => ({ streamId, events: [counted(1)], expectedVersion: 'any' })),
          ),
        ]);
        const waiting = async () =>
          (
            await observer.query<{ xid: string | null }>(
              `select a.backend_xid::text as xid
                 from pg_locks l join pg_stat_activity a on a.pid = l.pid
                where l.locktype = 'advisory' and not l.granted and l.classid = ${WRITER_LOCK_SPACE}::oid
                  and l.objid = hashtext(current_schema())::oid`,
            )
          ).rows;
        let waiters = await waiting();
        for (let tries = 0; waiters.length < 2 && tries < 200; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          waiters = await waiting();
        }
        expect(waiters).toEqual([{ xid: null }, { xid: null }]);
        await holder.query('commit');
        const [single, several] = await appends;
        expect(single.nextVersion).toBe(1);
        expect(several.streams.map((stream) => stream.nextVersion)).toEqual([1, 1]);
      } finally {
        await holder.end();
        await observer.end();
      }
    });
  }
});
