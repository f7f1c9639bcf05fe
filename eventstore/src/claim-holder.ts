import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ClaimHolder } from './command-answers.js';
import type { OpenDatabase } from './database.js';
import { runWhenLeading } from './leadership.js';
import type { EventStoreLogger } from './logger.js';

/** How long a starting process waits for its holder lock before it serves anyway. */
const READY_WAIT_MS = 5_000;

export interface HeldClaims extends ClaimHolder {
  /** Settles once the lock is held (or after a few seconds without it: claims then fall back on the lease). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * This process as a holder of idempotency claims: a name unique to the process, held as a lock on a
 * session of its own (PostgreSQL frees it the moment the process dies, kill -9 included) and taken again
 * if that session is lost. Another process that finds a claim by this name while the lock is free knows
 * the command's run died with its process and takes the claim over at once. Losing the session while
 * alive only lets a retry take a running claim over early, which recording the answer already guards
 * against (the claim is checked, and the run that lost it rolls back).
 */
export function holdClaims(database: OpenDatabase, logger: EventStoreLogger): HeldClaims {
  const name = `claims ${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let held: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    held = resolve;
  });
  const lock = runWhenLeading({
    database,
    name,
    holder: name,
    logger,
    role: 'the lock of its idempotency claims',
    work: async () => {
      held();
      return async () => {};
    },
  });
  const waited = new Promise<void>((resolve) => setTimeout(resolve, READY_WAIT_MS).unref());
  return {
    name,
    ready: Promise.race([first, waited]),
    gone: async (holder) => (await database.lockHolder(holder)) === null,
    stop: () => lock.stop(),
  };
}
