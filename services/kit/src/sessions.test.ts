import { sessionStreamId, userSessionsStreamId } from '@remit/contracts';
import { createEventStore, type OpenDatabase } from '@remit/eventstore';
import { openTestDatabase } from '@remit/eventstore/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionCheckFromLog } from './sessions.js';

const started = (sessionId: string, userId: string) => ({
  type: 'SessionStarted',
  data: { sessionId, userId, method: 'password', expiresAt: '2099-01-01T00:00:00.000Z' },
});

describe('the session check, cached briefly', () => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('sees an ending written by its own process at once, and one written elsewhere once its cached answer is over', async () => {
    database = await openTestDatabase('pglite');
    // Two stores on one database: this process's, and another service's.
    const here = createEventStore(database);
    const elsewhere = createEventStore(database);
    const isOpen = sessionCheckFromLog(here, () => new Date(), { ttlMs: 300 });
    for (const id of ['s1', 's2']) {
      await here.append(sessionStreamId(id), [started(id, 'u1')], { expectedVersion: 'no_stream' });
    }
    expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(true);
    expect(await isOpen({ userId: 'u1', sessionId: 's2' })).toBe(true);
    expect(await isOpen({ userId: 'u2', sessionId: 's1' })).toBe(false);

    await here.append(
      sessionStreamId('s1'),
      [{ type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'signed_out' } }],
      { expectedVersion: 1 },
    );
    expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(false);

    await elsewhere.append(
      userSessionsStreamId('u1'),
      [{ type: 'SessionsEnded', data: { userId: 'u1', exceptSessionId: null, reason: 'password_reset' } }],
      { expectedVersion: 'any' },
    );
    const ended = Date.now();
    while ((await isOpen({ userId: 'u1', sessionId: 's2' })) && Date.now() - ended < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Once the cached answer's 300 ms are over (the loop gives up after 5 s).
    expect(await isOpen({ userId: 'u1', sessionId: 's2' })).toBe(false);
    await here.close();
    await elsewhere.close();
  });

  it("keeps its answers across this process's other appends, and drops a user's at once when their sessions end here", async () => {
    database = await openTestDatabase('pglite');
    const store = createEventStore(database);
    let reads = 0;
    const counted = {
      readStreams: (streamIds: string[]) => {
        reads += 1;
        return store.readStreams(streamIds);
      },
      onAppended: store.onAppended,
    };
    const isOpen = sessionCheckFromLog(counted, () => new Date(), { ttlMs: 2_000 });
    for (const [id, user] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ] as const) {
      await store.append(sessionStreamId(id), [started(id, user)], { expectedVersion: 'no_stream' });
      expect(await isOpen({ userId: user, sessionId: id })).toBe(true);
    }
    expect(reads).toBe(3);

    // An invoice written by this process cannot change a session: no read again.
    await store.append('invoice-1', [{ type: 'InvoiceDeleted', data: {} }], { expectedVersion: 'no_stream' });
    expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(true);
    expect(reads).toBe(3);

    // A password change here ends u1's sessions: refused at once; u2's answer stays.
    await store.append(
      userSessionsStreamId('u1'),
      [{ type: 'SessionsEnded', data: { userId: 'u1', exceptSessionId: null, reason: 'password_changed' } }],
      { expectedVersion: 'any' },
    );
    expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(false);
    expect(await isOpen({ userId: 'u1', sessionId: 's2' })).toBe(false);
    expect(await isOpen({ userId: 'u2', sessionId: 's3' })).toBe(true);
    expect(reads).toBe(5);
    // A cached answer is never another user's.
    expect(await isOpen({ userId: 'u1', sessionId: 's3' })).toBe(false);
    await store.close();
  });

  it('checks the expiry on every use, cached or not', async () => {
    database = await openTestDatabase('pglite');
    const store = createEventStore(database);
    let clock = Date.parse('2098-12-31T23:59:59.000Z');
    const isOpen = sessionCheckFromLog(store, () => new Date(clock), { ttlMs: 60_000 });
    await store.append(sessionStreamId('s1'), [started('s1', 'u1')], { expectedVersion: 'no_stream' });
    expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(true);
    clock += 2_000;
    expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(false);
    await store.close();
  });
});

describe('the session check, read once for many', () => {
  it('answers checks that come while a read runs from that read, but not one that comes after an ending written here', async () => {
    const database = await openTestDatabase('pglite');
    const store = createEventStore(database);
    try {
      let reads = 0;
      let release = () => {};
      let held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = {
        // Reads at once, answers when released: the log as it was when the read began.
        readStreams: async (streamIds: string[]) => {
          reads += 1;
          const streams = await store.readStreams(streamIds);
          await held;
          return streams;
        },
        onAppended: store.onAppended,
      };
      const isOpen = sessionCheckFromLog(slow, () => new Date(), { ttlMs: 2_000 });
      await store.append(sessionStreamId('s1'), [started('s1', 'u1')], { expectedVersion: 'no_stream' });
      await store.append(sessionStreamId('s2'), [started('s2', 'u2')], { expectedVersion: 'no_stream' });

      const together = Array.from({ length: 10 }, () => isOpen({ userId: 'u1', sessionId: 's1' }));
      // Another user's check of the same session id does not take u1's answer.
      const stranger = isOpen({ userId: 'u9', sessionId: 's1' });
      await expect.poll(() => reads, { interval: 5 }).toBe(2);

      // Signed out here while the read is under way: a check from now on reads again, and is refused.
      await store.append(
        sessionStreamId('s1'),
        [{ type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'signed_out' } }],
        { expectedVersion: 1 },
      );
      const after = isOpen({ userId: 'u1', sessionId: 's1' });
      await expect.poll(() => reads, { interval: 5 }).toBe(3);
      release();
      expect(await Promise.all(together)).toEqual(Array(10).fill(true));
      expect(await stranger).toBe(false);
      expect(await after).toBe(false);
      // The answer read across the ending was not kept: still refused.
      held = Promise.resolve();
      expect(await isOpen({ userId: 'u1', sessionId: 's1' })).toBe(false);
      expect(await isOpen({ userId: 'u2', sessionId: 's2' })).toBe(true);
    } finally {
      await store.close();
      await database.close();
    }
  });
});
