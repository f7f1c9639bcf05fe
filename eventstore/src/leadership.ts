import type { OpenDatabase } from './database.js';
import type { EventStoreLogger } from './logger.js';
import type { HeldLock } from './session-lock.js';

/** Started when this process becomes the leader; the function it returns stops the work. */
export type LeaderWork = () => Promise<() => Promise<void>> | (() => Promise<void>);

export interface Leadership {
  /** Whether this process leads now. */
  leading(): boolean;
  /** Who leads now (this process or another), as each named itself; null between leaders. */
  leader(): Promise<string | null>;
  /** Stops the work if leading, gives the lock up for a standby, and stops trying. */
  stop(): Promise<void>;
}

/** How often a standby asks for the lock: the bound on how long a dead leader's work waits. */
const DEFAULT_RETRY_MS = 1_000;

/**
 * Runs `work` only while this process holds the named lock, so of several processes started alike
 * exactly one does it and the others stand by. A standby tries every `retryMs`; a leader whose lock
 * session ends (it lost the database) stops its work and becomes a candidate again. The lock is an
 * economy, not the safeguard: work that must never run twice still has to say so in its own
 * transactions (the projector locks each checkpoint row), because a leader cut off from the database
 * can finish the transaction it is in while the next leader starts.
 */
export function runWhenLeading(options: {
  database: OpenDatabase;
  name: string;
  holder: string;
  work: LeaderWork;
  logger: EventStoreLogger;
  retryMs?: number;
  /** What holding the lock means, as the log says it: 'the lead' (a leader among standbys) by default. */
  role?: string;
}): Leadership {
  const { database, name, holder, work, logger } = options;
  const role = options.role ?? 'the lead';
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  let running = true;
  let leading = false;
  let wakeUp: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    wakeUp = resolve;
  });
  const pause = (ms: number) =>
    Promise.race([stopped, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

  async function lead(lock: HeldLock): Promise<void> {
    leading = true;
    logger.info({ lock: name, holder }, `took ${role}`);
    let stopWork: (() => Promise<void>) | undefined;
    try {
      stopWork = await work();
      await Promise.race([lock.lost, stopped]);
      if (running) logger.warn({ lock: name, holder }, `lost ${role}; asking for it again`);
    } finally {
      leading = false;
      await stopWork?.().catch((error: unknown) => logger.error({ err: error }, 'stopping led work failed'));
      await lock.release();
    }
  }

  async function loop(): Promise<void> {
    while (running) {
      let lock: HeldLock | null = null;
      try {
        lock = await database.tryLock(name, holder);
      } catch (error) {
        logger.warn({ err: error, lock: name }, `could not ask for ${role}; trying again`);
      }
      if (lock) {
        await lead(lock).catch((error: unknown) =>
          logger.error({ err: error, lock: name }, `the work of ${role} failed`),
        );
      }
      if (running) await pause(retryMs);
    }
  }

  const looping = loop();
  return {
    leading: () => leading,
    leader: () => database.lockHolder(name),
    stop: async () => {
      running = false;
      wakeUp();
      await looping;
    },
  };
}
