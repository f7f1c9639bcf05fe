import pg from 'pg';
import type { EventStoreLogger } from './logger.js';

/** A lock this process holds until it releases it or its session ends (a crash, a lost connection). */
export interface HeldLock {
  /** Settles when the lock was lost without `release()`: its session ended. */
  lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * The advisory-lock space of Remit's named locks ('REMI'), so they cannot collide with another
 * application's locks in the same database; the second key is the name hashed with the schema.
 */
const LOCK_SPACE = 0x52454d49;
/** A heartbeat on the lock's session, so a connection that died quietly is noticed within seconds. */
const HEARTBEAT_MS = 2_000;
/** PostgreSQL cuts `application_name` at 63 bytes. */
const MAX_HOLDER_LENGTH = 63;

const lockKey = `hashtext(current_schema() || ':' || $1)`;

/**
 * Tries to take the named lock on a session of its own (a pooled connection would pass it on to the
 * next user). The session names itself after `holder` in `application_name`, so anyone can read
 * who holds the lock from pg_locks (`postgresLockHolder`). PostgreSQL frees the lock the moment the
 * session ends: a holder killed with -9 leaves it free within the time its socket takes to close.
 */
export async function tryPostgresLock(
  connection: pg.ClientConfig,
  name: string,
  holder: string,
  logger: EventStoreLogger,
): Promise<HeldLock | null> {
  const client = new pg.Client({ ...connection, application_name: holder.slice(0, MAX_HOLDER_LENGTH) });
  let markLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    markLost = resolve;
  });
  let released = false;
  client.on('error', (error) => {
    if (!released) logger.warn({ err: error, lock: name }, 'lock session lost');
    markLost();
  });
  client.on('end', () => markLost());
  try {
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(${LOCK_SPACE}, ${lockKey}) as locked`,
      [name],
    );
    if (!rows[0]?.locked) {
      released = true;
      await client.end();
      return null;
    }
  } catch (error) {
    released = true;
    await client.end().catch(() => {});
    throw error;
  }
  const heartbeat = setInterval(() => {
    client.query('select 1').catch(() => markLost());
  }, HEARTBEAT_MS);
  heartbeat.unref();
  lost.then(() => clearInterval(heartbeat));
  return {
    lost,
    release: async () => {
      released = true;
      clearInterval(heartbeat);
      // Ending the session frees the lock; no unlock statement needed.
      await client.end().catch(() => {});
    },
  };
}

/**
 * Runs `work` while holding the named lock, waiting for it first: processes started together (two
 * projectors and two command services migrating one fresh database) take turns instead of racing.
 */
export async function withPostgresLock<T>(
  connection: pg.ClientConfig,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client(connection);
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${LOCK_SPACE}, ${lockKey})`, [name]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

/** The `holder` of the named lock, read from pg_locks through any connection; null when free. */
export const postgresLockHolderQuery = `
  select a.application_name as holder
  from pg_locks l join pg_stat_activity a on a.pid = l.pid
  where l.locktype = 'advisory' and l.granted and l.objsubid = 2
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${LOCK_SPACE}::oid and l.objid = (${lockKey})::oid
  limit 1`;

/**
 * PGlite is one process's own database (its directory cannot be opened twice), so the lock is always
 * this process's to take, once at a time.
 */
export function createInProcessLocks() {
  const holders = new Map<string, string>();
  return {
    async tryLock(name: string, holder: string): Promise<HeldLock | null> {
      if (holders.has(name)) return null;
      holders.set(name, holder);
      return {
        lost: new Promise<void>(() => {}),
        release: async () => {
          holders.delete(name);
        },
      };
    },
    lockHolder: async (name: string): Promise<string | null> => holders.get(name) ?? null,
    // One process, and PGlite runs one statement at a time: nothing to take turns with.
    exclusively: <T>(_name: string, work: () => Promise<T>): Promise<T> => work(),
  };
}
