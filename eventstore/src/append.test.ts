import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, createEventStore, type EventStore, type OpenDatabase } from './index.js';
import { openTestDatabase, testStores } from './testing/index.js';

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
});
