import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClaimLostError,
  claimCommand,
  createEventStore,
  type Decider,
  type EventCodec,
  type EventStore,
  execute,
  holdClaims,
  type OpenDatabase,
  recordAnswer,
  step,
  UnexpectedEventError,
} from './index.js';
import { silentLogger } from './logger.js';
import { openTestDatabase, testStores } from './testing/index.js';

type Counted = { type: 'Counted'; data: { n: number } };
type Reserved = { type: 'Reserved'; data: { by: string } };

/** A codec without a catalogue: the stored data as is, every type at version 3. */
const codec: EventCodec = { read: (stored) => stored, versionOf: () => 3 };

const counter: Decider<number, { refuse?: boolean; by?: number }, Counted> = {
  name: 'counter',
  handles: ['Counted'],
  initialState: 0,
  evolve: (_count, event) => event.data.n,
  decide(count, command) {
    if (command.refuse) throw new Error('refused');
    if (command.by === 0) return [];
    return [{ type: 'Counted', data: { n: count + (command.by ?? 1) } }];
  },
};

/** A uniqueness reservation: taken once. */
const reservation: Decider<string | null, { by: string }, Reserved> = {
  name: 'reservation',
  handles: ['Reserved'],
  initialState: null,
  evolve: (_state, event) => event.data.by,
  decide(taken, command) {
    if (taken !== null) throw new Error(`taken by ${taken}`);
    return [{ type: 'Reserved', data: command }];
  },
};

describe.each(testStores())('the command pipeline on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;
  const now = () => new Date('2026-11-23T12:00:00.000Z');
  const options = { codec, now, metadata: { userId: 'u1', client: 'system' as const } };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('re-reads and re-decides until every concurrent command lands, each on the state it saw', async () => {
    const streamId = `counter-${randomUUID()}`;
    const commands = 8;
    const results = await Promise.all(
      Array.from({ length: commands }, () =>
        execute(store, step({ decider: counter, streams: streamId, command: {} }), {
          ...options,
          maxAttempts: commands + 1,
        }),
      ),
    );
    const events = await store.readStream(streamId);
    expect(events.map((event) => event.data)).toEqual(
      Array.from({ length: commands }, (_, i) => ({ n: i + 1 })),
    );
    expect(results.map((result) => result.state).sort((a, b) => a - b)).toEqual(
      Array.from({ length: commands }, (_, i) => i + 1),
    );
    // Stamped with the command's time and the type's current version.
    expect(events.at(-1)).toMatchObject({
      schemaVersion: 3,
      createdAt: now(),
      metadata: { userId: 'u1', client: 'system', at: now().toISOString() },
    });
    expect(results.map((result) => result.position)).toContain(events.at(-1)?.position);
  });

  it('does not read a new stream first, and decides on its state when it exists after all', async () => {
    const fresh = `counter-${randomUUID()}`;
    const reads: string[][] = [];
    const counting = {
      ...store,
      readStreams: (ids: string[]) => {
        reads.push(ids);
        return store.readStreams(ids);
      },
    };
    const first = await execute(
      counting,
      step({ decider: counter, streams: fresh, newStream: true, command: { by: 5 } }),
      options,
    );
    expect(first).toMatchObject({ state: 5, version: 1 });
    expect(reads).toEqual([]);
    // The same id again: the unread first try is refused, the second reads the stream and counts on.
    const again = await execute(
      counting,
      step({ decider: counter, streams: fresh, newStream: true, command: { by: 2 } }),
      options,
    );
    expect(again).toMatchObject({ state: 7, version: 2 });
    expect(reads).toEqual([[fresh]]);
  });

  it('folds what the caller read on the first try, and reads again when the stream moved since', async () => {
    const streamId = `counter-${randomUUID()}`;
    const reads: string[][] = [];
    const counting = {
      ...store,
      readStreams: (ids: string[]) => {
        reads.push(ids);
        return store.readStreams(ids);
      },
    };
    const known = await store.readStreams([streamId, 'settings-elsewhere']);
    const first = await execute(
      counting,
      step({ decider: counter, streams: streamId, known, command: {} }),
      options,
    );
    expect(first).toMatchObject({ state: 1, version: 1 });
    expect(reads).toEqual([]);
    // Read before another writer counted: the first try is refused, the second reads and counts on.
    const stale = await store.readStreams([streamId]);
    await execute(store, step({ decider: counter, streams: streamId, command: { by: 10 } }), options);
    const again = await execute(
      counting,
      step({ decider: counter, streams: streamId, known: stale, command: { by: 2 } }),
      options,
    );
    expect(again).toMatchObject({ state: 13, version: 3 });
    expect(reads).toEqual([[streamId]]);
    expect((await store.readStream(streamId)).map((event) => event.data)).toEqual([
      { n: 1 },
      { n: 11 },
      { n: 13 },
    ]);
  });

  it('writes nothing when the decision is empty, and passes a refusal on with nothing written', async () => {
    const streamId = `counter-${randomUUID()}`;
    await expect(
      execute(store, step({ decider: counter, streams: streamId, command: { by: 0 } }), options),
    ).resolves.toEqual({ events: [], state: 0, version: 0, position: null });
    await expect(
      execute(store, step({ decider: counter, streams: streamId, command: { refuse: true } }), options),
    ).rejects.toThrow('refused');
    expect(await store.streamVersion(streamId)).toBe(0);
  });

  it('writes the effects on other aggregates in the same transaction, or none of it', async () => {
    const email = `email-${randomUUID()}`;
    const signUp = (user: string) =>
      step({
        decider: counter,
        streams: `user-${user}`,
        command: {},
        effects: () => [step({ decider: reservation, streams: email, command: { by: user } })],
      });
    const first = await execute(store, signUp('a'), options);
    expect(first.version).toBe(1);
    // The second finds the reservation taken: its decider refuses, and its own stream stays empty.
    await expect(execute(store, signUp('b'), options)).rejects.toThrow('taken by a');
    expect(await store.streamVersion('user-b')).toBe(0);
    expect((await store.readStream(email)).map((event) => event.data)).toEqual([{ by: 'a' }]);
  });

  it('decides racing reservations once: the loser re-reads and is refused', async () => {
    const email = `email-${randomUUID()}`;
    const attempt = (user: string) =>
      execute(
        store,
        step({
          decider: counter,
          streams: `user-${user}-${randomUUID()}`,
          command: {},
          effects: () => [step({ decider: reservation, streams: email, command: { by: user } })],
        }),
        options,
      );
    const outcomes = await Promise.allSettled([attempt('a'), attempt('b'), attempt('c')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await store.streamVersion(email)).toBe(1);
  });

  it('refuses to fold a stream that holds an event its decider does not know', async () => {
    const streamId = `counter-${randomUUID()}`;
    await store.append(streamId, [{ type: 'Reserved', data: { by: 'x' } }], { expectedVersion: 'no_stream' });
    await expect(
      execute(store, step({ decider: counter, streams: streamId, command: {} }), options),
    ).rejects.toBeInstanceOf(UnexpectedEventError);
  });

  it("commits the caller's statements with the events, and rolls the events back when they fail", async () => {
    const key = `key-${randomUUID()}`;
    const claim = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 });
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    const streamId = `counter-${randomUUID()}`;
    const run = (answerWith: string) =>
      execute(store, step({ decider: counter, streams: streamId, command: {} }), {
        ...options,
        inTransaction: (tx, outcome) =>
          recordAnswer(tx, key, answerWith, { status: 201, body: { n: outcome.state } }),
      });
    await expect(run('not-the-claim')).rejects.toBeInstanceOf(ClaimLostError);
    expect(await store.streamVersion(streamId)).toBe(0);
    await run(claim.claim);
    expect(await store.streamVersion(streamId)).toBe(1);
    expect(await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 })).toEqual({
      kind: 'answered',
      status: 201,
      body: { n: 1 },
    });
  });

  it('records an answer with the events in the append itself, the position added, or neither when the claim is lost', async () => {
    const key = `key-${randomUUID()}`;
    const claim = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 });
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    const streamId = `counter-${randomUUID()}`;
    const run = (answerWith: string) =>
      execute(store, step({ decider: counter, streams: streamId, command: {} }), {
        ...options,
        answer: { key, claim: answerWith, of: (outcome) => ({ status: 201, body: { n: outcome.state } }) },
      });
    await expect(run('not-the-claim')).rejects.toBeInstanceOf(ClaimLostError);
    expect(await store.streamVersion(streamId)).toBe(0);
    const outcome = await run(claim.claim);
    expect(await store.streamVersion(streamId)).toBe(1);
    expect(await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 })).toEqual({
      kind: 'answered',
      status: 201,
      body: { n: 1, position: String(outcome.position) },
    });
    // Answered once: the same claim cannot answer (and append) again.
    await expect(run(claim.claim)).rejects.toBeInstanceOf(ClaimLostError);
    expect(await store.streamVersion(streamId)).toBe(1);
  });

  it('refuses an answer that reads where its events land, before anything is written', async () => {
    const key = `key-${randomUUID()}`;
    const claim = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 });
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    const streamId = `counter-${randomUUID()}`;
    await expect(
      execute(store, step({ decider: counter, streams: streamId, command: {} }), {
        ...options,
        answer: {
          key,
          claim: claim.claim,
          of: (outcome) => ({ status: 201, body: { at: String(outcome.position) } }),
        },
      }),
    ).rejects.toThrow('cannot depend on where its events land');
    expect(await store.streamVersion(streamId)).toBe(0);
  });

  it('records the answer of a command that decides nothing, without a position', async () => {
    const key = `key-${randomUUID()}`;
    const claim = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 });
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    const streamId = `counter-${randomUUID()}`;
    const outcome = await execute(store, step({ decider: counter, streams: streamId, command: { by: 0 } }), {
      ...options,
      answer: { key, claim: claim.claim, of: () => ({ status: 200, body: { unchanged: true } }) },
    });
    expect(outcome.position).toBeNull();
    expect(await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 })).toEqual({
      kind: 'answered',
      status: 200,
      body: { unchanged: true },
    });
  });
});

describe.each(testStores())('idempotency claims on %s', (kind) => {
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

  it('refuses a second claim while the first is alive, and another request under the same key', async () => {
    const key = `key-${randomUUID()}`;
    expect((await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 })).kind).toBe('claimed');
    expect(await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 })).toEqual({
      kind: 'in_progress',
    });
    expect(await claimCommand(store.db, { key, fingerprint: 'other', leaseMs: 30_000 })).toEqual({
      kind: 'mismatch',
    });
  });

  it('takes over a claim whose request died (its lease ran out); the dead one can no longer answer', async () => {
    const key = `key-${randomUUID()}`;
    const dead = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const retry = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 });
    expect(retry.kind).toBe('claimed');
    if (dead.kind !== 'claimed' || retry.kind !== 'claimed') throw new Error('not claimed');
    await expect(
      store.db.transaction((tx) => recordAnswer(tx, key, dead.claim, { status: 200, body: {} })),
    ).rejects.toBeInstanceOf(ClaimLostError);
    await store.db.transaction((tx) =>
      recordAnswer(tx, key, retry.claim, { status: 200, body: { ok: true } }),
    );
    expect(await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000 })).toMatchObject({
      kind: 'answered',
      body: { ok: true },
    });
  });

  it('takes over at once a claim whose holder process is gone, never one whose holder is alive', async () => {
    const key = `key-${randomUUID()}`;
    const first = holdClaims(database, silentLogger);
    const second = holdClaims(database, silentLogger);
    try {
      await Promise.all([first.ready, second.ready]);
      expect(await first.gone(first.name)).toBe(false);
      const dying = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000, holder: first });
      if (dying.kind !== 'claimed') throw new Error('not claimed');
      // Its holder is alive: the run may still be going, whatever the retry's holder.
      expect(
        await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000, holder: second }),
      ).toEqual({
        kind: 'in_progress',
      });
      // Its process dies (its lock's session ends, as with kill -9): the retry takes over well within the lease.
      await first.stop();
      expect(await second.gone(first.name)).toBe(true);
      const retry = await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000, holder: second });
      if (retry.kind !== 'claimed') throw new Error(`not taken over: ${retry.kind}`);
      // The dead run can no longer answer; the retry's answer is the one that stands.
      await expect(
        store.db.transaction((tx) => recordAnswer(tx, key, dying.claim, { status: 201, body: {} })),
      ).rejects.toBeInstanceOf(ClaimLostError);
      await store.db.transaction((tx) => recordAnswer(tx, key, retry.claim, { status: 201, body: { n: 1 } }));
      expect(
        await claimCommand(store.db, { key, fingerprint: 'f', leaseMs: 30_000, holder: second }),
      ).toEqual({
        kind: 'answered',
        status: 201,
        body: { n: 1 },
      });
      // A claim of this same process is its own run in progress, not an orphan.
      const other = `key-${randomUUID()}`;
      expect(
        (await claimCommand(store.db, { key: other, fingerprint: 'f', leaseMs: 30_000, holder: second }))
          .kind,
      ).toBe('claimed');
      expect(
        await claimCommand(store.db, { key: other, fingerprint: 'f', leaseMs: 30_000, holder: second }),
      ).toEqual({
        kind: 'in_progress',
      });
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
