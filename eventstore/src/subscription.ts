import { lockCheckpoint, readCheckpointsWatching, saveCheckpoint } from './checkpoints.js';
import type { Database } from './database.js';
import type { EventStoreLogger } from './logger.js';
import { checkpointAfter, readLog } from './read.js';
import type { StoredEvent } from './types.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { createWakeSignal } from './wake-signal.js';

export type SubscriptionHandler = (events: StoredEvent[], tx: Database) => Promise<void>;

export interface Subscription {
  /** Finishes the batch in flight, then stops. */
  stop(): Promise<void>;
  /** Resolves once everything committed before the call has been handled. */
  caughtUp(): Promise<void>;
}

export interface SubscriptionOptions {
  db: Database;
  /** PGlite: one transaction at a time, no writers to watch (see writer-guard.ts). */
  serial: boolean;
  name: string;
  handler: SubscriptionHandler;
  batchSize: number;
  pollIntervalMs: number;
  logger: EventStoreLogger;
}

const MAX_BACKOFF_MS = 30_000;
/**
 * While the database is out of reach (a restart, a network blip) the loop keeps knocking every 2 s at
 * most, so it resumes from its checkpoint within moments of the database coming back; a handler that
 * fails on an event backs off further, to 30 s.
 */
const MAX_UNAVAILABLE_BACKOFF_MS = 2_000;

/** One pass of a loop: handles what is there, and says how many events of the log it read. */
export type LoopStep = () => Promise<number>;

/** Runs a subscription loop; `wake()` tells it that new events may be there. */
export function startSubscription(options: SubscriptionOptions): Subscription & { wake(): void } {
  const { db, name, handler, batchSize, serial } = options;

  async function handleBatch(): Promise<number> {
    // Look first without a transaction, so an idle poll costs two reads and no locks.
    const { at, watch } = await readCheckpointsWatching(db, [name], serial);
    if ((await readLog(db, at.get(name)!, 1, watch)).length === 0) return 0;
    return db.transaction(async (tx) => {
      // The watch was read before this statement, as the guard requires.
      const batch = await readLog(tx, await lockCheckpoint(tx, name), batchSize, watch);
      const next = checkpointAfter(batch);
      if (!next) return 0;
      await handler(batch, tx);
      await saveCheckpoint(tx, name, next);
      return batch.length;
    });
  }

  return startLoop({ ...options, step: handleBatch });
}

/**
 * The loop every subscription shares: steps while batches come full, then waits for a wake-up or the
 * poll; a failing step is retried with backoff, never skipped.
 */
export function startLoop(options: {
  name: string;
  step: LoopStep;
  batchSize: number;
  pollIntervalMs: number;
  logger: EventStoreLogger;
}): Subscription & { wake(): void } {
  const { name, step: handleBatch, batchSize, pollIntervalMs, logger } = options;
  const signal = createWakeSignal();
  let running = true;
  let interruptBackoff: (() => void) | undefined;

  /** Waits out a failure; appends do not cut it short, stopping does. */
  function backOff(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      interruptBackoff = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  let waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      const pass = waiters;
      waiters = [];
      try {
        const handled = await handleBatch();
        failures = 0;
        if (handled === batchSize) {
          waiters.push(...pass);
          continue;
        }
        for (const waiter of pass) waiter.resolve();
        await signal.wait(pollIntervalMs);
      } catch (error) {
        waiters.push(...pass);
        failures++;
        const unavailable = isDatabaseUnavailable(error);
        const delay = Math.min(
          100 * 2 ** failures,
          unavailable ? MAX_UNAVAILABLE_BACKOFF_MS : MAX_BACKOFF_MS,
        );
        // Never skipped: the same batch is tried again until the handler accepts it.
        if (unavailable) {
          logger.warn(
            { err: error, subscription: name, failures, retryInMs: delay },
            'database unavailable; subscription will resume from its checkpoint',
          );
        } else {
          logger.error(
            { err: error, subscription: name, failures, retryInMs: delay },
            'subscription batch failed',
          );
        }
        await backOff(delay);
      }
    }
    for (const waiter of waiters) waiter.reject(new Error(`subscription ${name} stopped`));
  }

  const loop = run();

  return {
    wake: signal.wake,
    caughtUp: () =>
      new Promise<void>((resolve, reject) => {
        if (!running) return reject(new Error(`subscription ${name} stopped`));
        waiters.push({ resolve, reject });
        signal.wake();
      }),
    stop: async () => {
      running = false;
      signal.wake();
      interruptBackoff?.();
      await loop;
    },
  };
}
