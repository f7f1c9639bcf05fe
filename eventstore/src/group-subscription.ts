import { max } from 'drizzle-orm';
import { advanceCheckpoints, isAfter, isApplied, lockCheckpoints } from './checkpoints.js';
import type { Database } from './database.js';
import { readCheckpointsAndLog } from './guarded-look.js';
import type { EventStoreLogger } from './logger.js';
import { transactionBegunWithFirst } from './pipelined-transaction.js';
import { checkpointAfter } from './read.js';
import { events } from './schema.js';
import { type LoopStep, type Subscription, startLoop } from './subscription.js';
import type { LogCheckpoint, StoredEvent } from './types.js';

/** One member of a group: its own checkpoint, and the events it wants. */
export interface GroupMember {
  name: string;
  wants(event: StoredEvent): boolean;
}

/**
 * Handles one batch for the whole group inside one transaction: for each member, the events it wants
 * after its own checkpoint, in log order (members with nothing to do are absent).
 */
export type GroupHandler = (pending: Map<string, StoredEvent[]>, tx: Database) => Promise<void>;

export interface GroupSubscriptionOptions {
  db: Database;
  /** PGlite: one transaction at a time, no writers to watch (see writer-guard.ts). */
  serial: boolean;
  /** For logs. */
  name: string;
  members: GroupMember[];
  handler: GroupHandler;
  /** Runs on each batch before anything is applied or skipped; throwing refuses the batch. */
  inspect?: ((batch: StoredEvent[]) => void) | undefined;
  batchSize: number;
  pollIntervalMs: number;
  logger: EventStoreLogger;
  /** Called after each batch's checkpoints have moved (committed): reads waiting on a position ask again. */
  applied?: (() => void) | undefined;
}

/**
 * Several subscriptions run as one: the log is read once per batch from the checkpoint furthest
 * behind, every member that wants some of the batch applies it in one transaction that also moves
 * every checkpoint, and a batch nobody wants (command bookkeeping) moves the checkpoints in one
 * statement with no transaction at all. Each member keeps its own checkpoint, so one reset to zero
 * (a rebuild) is read from the start while the others skip what they have.
 */
export function startGroupSubscription(options: GroupSubscriptionOptions): Subscription & { wake(): void } {
  const { db, members, handler, inspect, batchSize, serial, applied } = options;
  // In name order everywhere, so two processes lock the checkpoint rows in the same order.
  const names = members.map((member) => member.name).sort();

  const pendingFor = (batch: StoredEvent[], at: Map<string, LogCheckpoint>) => {
    const pending = new Map<string, StoredEvent[]>();
    for (const member of members) {
      const from = at.get(member.name) as LogCheckpoint;
      const wanted = batch.filter((event) => isAfter(event, from) && member.wants(event));
      if (wanted.length > 0) pending.set(member.name, wanted);
    }
    return pending;
  };

  const step: LoopStep = async () => {
    // Read without a transaction, so an idle poll costs one round trip and no locks.
    const { at: seen, batch } = await readCheckpointsAndLog(db, names, batchSize, serial);
    const last = checkpointAfter(batch);
    if (!last) return 0;
    inspect?.(batch);
    const behind = names.filter((name) => isAfter(last, seen.get(name) as LogCheckpoint));
    if (pendingFor(batch, seen).size === 0) {
      // Only forward: another process that applied further meanwhile keeps its checkpoint.
      if (behind.length > 0) {
        await advanceCheckpoints(db, behind, last);
        applied?.();
      }
      return batch.length;
    }
    if (!serial) {
      try {
        await transactionBegunWithFirst(db, (tx) => applyAsSeen(tx, batch, seen, last), {
          answerWritesAtOnce: false,
          isolationLevel: 'repeatable read',
        });
        applied?.();
        return batch.length;
      } catch (error) {
        if (!(error instanceof CheckpointsMoved) && !isConflict(error)) throw error;
        // Another process moved a checkpoint since the look (or, the lock folded with the batch's first
        // statements, since the batch's snapshot): what was applied is rolled back; apply what is left
        // after the checkpoints as they are now.
      }
    }
    await db.transaction(async (tx) => {
      // Locked, the checkpoints are re-read: another process may have moved them since the look above.
      const locked = await lockCheckpoints(tx, names);
      const pending = pendingFor(batch, locked);
      if (pending.size > 0) await handler(pending, tx);
      await advanceCheckpoints(tx, names, last);
    });
    applied?.();
    return batch.length;
  };

  /**
   * The batch applied as the look saw the checkpoints, without waiting for the lock first: the lock's
   * statement goes out first (with `begin`), the handler's statements follow it on the same connection
   * and run after it on the server, holding the rows; the lock's answer is then compared with the look,
   * and any checkpoint that moved meanwhile (another process applied a batch) rolls it all back
   * (CheckpointsMoved) before anything is committed. One round trip less than locking, then applying.
   * On PostgreSQL the transaction is `repeatable read`, so the lock folds into one statement with the
   * handler's first reads (D-603): they all read the snapshot the statement takes, and the lock, taken
   * in that snapshot, fails (a serialization failure) if another batch moved a checkpoint since.
   */
  const applyAsSeen = async (
    tx: Database,
    batch: StoredEvent[],
    seen: Map<string, LogCheckpoint>,
    last: LogCheckpoint,
  ) => {
    const locking = lockCheckpoints(tx, names);
    const pending = pendingFor(batch, seen);
    const applying = handler(pending, tx);
    const [locked, applied] = await Promise.allSettled([locking, applying]);
    if (locked.status === 'rejected') throw locked.reason;
    if (applied.status === 'rejected') throw applied.reason;
    for (const name of names) {
      const now = locked.value.get(name) as LogCheckpoint;
      const then = seen.get(name) as LogCheckpoint;
      if (now.txId !== then.txId || now.position !== then.position) throw new CheckpointsMoved();
    }
    await advanceCheckpoints(tx, names, last);
  };

  const loop = startLoop({ ...options, step });
  return {
    ...loop,
    // The loop's own "caught up" is "a pass found less than a batch", and the log hides events while
    // an older writer of events is still open (the ordering guard); so this also waits
    // until every member has applied the newest event committed before the call.
    caughtUp: async () => {
      const head = await readHead(db);
      for (;;) {
        await loop.caughtUp();
        if (await isApplied(db, names, head)) return;
        await new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_RECHECK_MS));
      }
    },
  };
}

const CAUGHT_UP_RECHECK_MS = 20;

/** A checkpoint moved between the look and the lock; the transaction is rolled back. */
class CheckpointsMoved extends Error {}

/**
 * A serialization failure or a deadlock, somewhere in an error's causes (Drizzle wraps the driver's): in a
 * `repeatable read` batch the lock fails so when another process's batch moved a checkpoint after the
 * batch's snapshot, and two processes whose folded first statements each hold what the other waits for
 * end in a deadlock, one of them rolled back.
 */
function isConflict(error: unknown): boolean {
  for (let at = error as { code?: unknown; cause?: unknown } | undefined; at; at = at.cause as typeof at) {
    if (at.code === '40001' || at.code === '40P01') return true;
  }
  return false;
}

async function readHead(db: Database): Promise<bigint> {
  const [row] = await db.select({ head: max(events.position) }).from(events);
  return row?.head ?? 0n;
}
