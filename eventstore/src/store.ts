import type { SQL } from 'drizzle-orm';
import { type AnswerToRecord, type AppendManyResult, appendWrites, type InTransaction } from './append.js';
import { chainNext } from './chain.js';
import { deleteCheckpoint, isApplied, readCheckpoint } from './checkpoints.js';
import type { OpenDatabase, Unlisten } from './database.js';
import { type GroupHandler, type GroupMember, startGroupSubscription } from './group-subscription.js';
import { type EventStoreLogger, silentLogger } from './logger.js';
import {
  readLog,
  readStream,
  readStreams,
  readStreamsAndNamed,
  readStreamVersions,
  watchWriters,
} from './read.js';
import { type Subscription, type SubscriptionHandler, startLoop, startSubscription } from './subscription.js';
import type {
  AppendResult,
  ExpectedVersion,
  LogCheckpoint,
  NewEvent,
  StoredEvent,
  StreamWrite,
} from './types.js';

export interface EventStoreOptions {
  logger?: EventStoreLogger | undefined;
  /** How often an idle subscription looks for events it was not told about (default 1 s). */
  pollIntervalMs?: number | undefined;
}

/** Told of each committed append: its outcome and the streams it wrote, in the writes' order. */
export type AppendedListener = (result: AppendManyResult, streamIds: readonly string[]) => void;

export type EventStore = ReturnType<typeof createEventStore>;

const DEFAULT_BATCH_SIZE = 500;
/** Links a keeper writes per transaction at most (chain.ts). */
const CHAIN_BATCH_SIZE = 2_000;
/** The least time between two passes of the chain keeper that is not catching up. */
const CHAIN_PAUSE_MS = 200;

export function createEventStore(database: OpenDatabase, options: EventStoreOptions = {}) {
  const { db } = database;
  const logger = options.logger ?? silentLogger;
  const serial = database.kind === 'pglite';
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  // One channel per schema, so test suites sharing a database do not wake each other.
  const channel = `eventstore_${database.searchPath ?? 'public'}`;
  const appendedListeners = new Set<AppendedListener>();
  const subscriptions = new Set<Subscription & { wake(): void }>();
  let unlisten: Promise<Unlisten> | undefined;

  function wakeSubscriptions(): void {
    for (const subscription of subscriptions) subscription.wake();
  }

  // Reads waiting on a position (read-your-writes), woken when a group of this process commits a batch.
  const appliedWaiters = new Set<() => void>();
  let batchesApplied = 0;
  function batchApplied(): void {
    batchesApplied += 1;
    for (const wake of appliedWaiters) wake();
    appliedWaiters.clear();
  }

  async function appendMany(
    writes: StreamWrite[],
    options: { inTransaction?: InTransaction | undefined; answer?: AnswerToRecord | undefined } = {},
  ): Promise<AppendManyResult> {
    const notifyLater = database.notifyAfterCommit;
    const result = await appendWrites(db, writes, notifyLater ? null : channel, options);
    notifyLater?.(channel);
    wakeSubscriptions();
    const streamIds = writes.map((write) => write.streamId);
    for (const listener of appendedListeners) {
      // The events are committed whatever a listener does; its failure is its own.
      try {
        listener(result, streamIds);
      } catch (error) {
        logger.error({ err: error }, 'onAppended listener failed');
      }
    }
    return result;
  }

  return {
    async append(
      streamId: string,
      events: NewEvent[],
      { expectedVersion }: { expectedVersion: ExpectedVersion },
    ) {
      const { streams } = await appendMany([{ streamId, events, expectedVersion }]);
      return streams[0] as AppendResult;
    },

    /**
     * Writes to several streams in one transaction: all of them or none. `answer` records an idempotent
     * command's answer in the same statement; `inTransaction` adds the caller's own statements to that
     * transaction (mail queued by the clock).
     */
    appendMany,

    /** Reads several streams in one query; each stream's events in version order. */
    readStreams: (streamIds: string[]) => readStreams(db, streamIds),

    /** `readStreams` and the streams `named` lists (a query of stream ids), in one statement. */
    readStreamsAndNamed: (streamIds: string[], named: SQL) => readStreamsAndNamed(db, streamIds, named),

    /** The database handle, for bookkeeping that lives beside the log (idempotency answers). */
    db,

    readStream: (streamId: string, { fromVersion }: { fromVersion?: number } = {}) =>
      readStream(db, streamId, fromVersion),

    async streamVersion(streamId: string): Promise<number> {
      return (await readStreamVersions(db, [streamId])).get(streamId) ?? 0;
    },

    /** The log after `from`, in (txId, position) order, committed transactions only. */
    readAll: async (from: LogCheckpoint, { limit }: { limit: number }): Promise<StoredEvent[]> =>
      readLog(db, from, limit, await watchWriters(db, serial)),

    /**
     * Hands batches to `handler` inside a transaction that also saves the checkpoint, so what the
     * handler writes through `tx` and the checkpoint commit together. The handler must use `tx`:
     * on PGlite a query through the outer handle would wait for this very transaction.
     */
    subscribe(
      name: string,
      handler: SubscriptionHandler,
      { batchSize }: { batchSize?: number } = {},
    ): Subscription {
      unlisten ??= database.listen(channel, wakeSubscriptions);
      unlisten.catch((error: unknown) =>
        logger.warn({ err: error }, 'LISTEN failed; subscriptions will poll'),
      );
      const subscription = startSubscription({
        db,
        serial,
        name,
        handler,
        batchSize: batchSize ?? DEFAULT_BATCH_SIZE,
        pollIntervalMs,
        logger,
      });
      subscriptions.add(subscription);
      return {
        caughtUp: subscription.caughtUp,
        stop: async () => {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },

    /**
     * Runs several subscriptions as one loop (see `startGroupSubscription`): one log read per batch,
     * one transaction for every member that wants some of it, none for a batch nobody wants.
     */
    subscribeGroup(
      name: string,
      members: GroupMember[],
      handler: GroupHandler,
      options: { batchSize?: number; inspect?: (batch: StoredEvent[]) => void } = {},
    ): Subscription {
      unlisten ??= database.listen(channel, wakeSubscriptions);
      unlisten.catch((error: unknown) =>
        logger.warn({ err: error }, 'LISTEN failed; subscriptions will poll'),
      );
      const subscription = startGroupSubscription({
        db,
        serial,
        name,
        members,
        handler,
        inspect: options.inspect,
        batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
        pollIntervalMs,
        logger,
        applied: batchApplied,
      });
      subscriptions.add(subscription);
      return {
        caughtUp: subscription.caughtUp,
        stop: async () => {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },

    /**
     * Runs the chain keeper (chain.ts, docs/decisions.md D-250): links every event, in reader order, into
     * the tamper-evident chain as it falls below the horizon. Several keepers on one database take turns.
     */
    keepChain(): Subscription {
      unlisten ??= database.listen(channel, wakeSubscriptions);
      unlisten.catch((error: unknown) =>
        logger.warn({ err: error }, 'LISTEN failed; subscriptions will poll'),
      );
      const keeper = startLoop({
        name: 'event-chain',
        step: () => chainNext(db, serial, CHAIN_BATCH_SIZE),
        batchSize: CHAIN_BATCH_SIZE,
        pollIntervalMs,
        logger,
      });
      // Appends wake the keeper at most once every CHAIN_PAUSE_MS: each pass is a transaction of its own,
      // and one per append would cost the writers their speed (D-251). A catch-up runs back to back, and
      // `caughtUp` wakes it at once.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const throttled = {
        ...keeper,
        wake() {
          timer ??= setTimeout(() => {
            timer = undefined;
            keeper.wake();
          }, CHAIN_PAUSE_MS);
          timer.unref?.();
        },
      };
      subscriptions.add(throttled);
      return {
        caughtUp: keeper.caughtUp,
        stop: async () => {
          subscriptions.delete(throttled);
          clearTimeout(timer);
          await keeper.stop();
        },
      };
    },

    checkpoint: (name: string): Promise<LogCheckpoint> => readCheckpoint(db, name),

    /**
     * Whether subscription `name` (or every one of several) has handled the event at this global position
     * (read-your-writes); one statement however many.
     */
    hasApplied: (names: string | readonly string[], position: bigint): Promise<boolean> =>
      isApplied(db, typeof names === 'string' ? [names] : names, position),

    /** How many batches this process's group subscriptions have committed: a mark for `nextApplied`. */
    appliedMark: (): number => batchesApplied,

    /**
     * Resolves once a group subscription of this process has committed a batch since `mark` (at once if
     * one has), or after `timeoutMs` (a projector in another process is not heard: the caller asks again).
     */
    nextApplied(mark: number, timeoutMs: number): Promise<void> {
      if (batchesApplied > mark) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          appliedWaiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, timeoutMs);
        appliedWaiters.add(wake);
      });
    },

    /** Called in this process after each committed append. */
    onAppended(listener: AppendedListener): () => void {
      appendedListeners.add(listener);
      return () => appendedListeners.delete(listener);
    },

    /** Makes the next run of subscription `name` start from the beginning of the log (rebuilds). */
    resetCheckpoint: (name: string): Promise<void> => deleteCheckpoint(db, name),

    /** Stops this store's subscriptions; the database stays open for its owner to close. */
    async close(): Promise<void> {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      appendedListeners.clear();
      const stopListening = await unlisten?.catch(() => undefined);
      unlisten = undefined;
      await stopListening?.();
    },
  };
}
