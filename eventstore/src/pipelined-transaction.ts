import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  type CoalescingOptions,
  coalescingQuery,
  type Query,
  type QueryConfig,
  registerCoalescing,
} from './coalesced-statements.js';
import type { Database } from './database.js';

/**
 * `db.transaction(work)` on PostgreSQL in as few messages as its statements allow: a connection is taken
 * from the pool and put in node-postgres' pipeline mode, and the transaction's statements are held and
 * sent together (coalesced-statements.ts): `begin` with the first statements `work` makes, the
 * statements made side by side as one message, `commit` with anything still held. Drizzle's own
 * `transaction()` sends `begin` and waits for its answer before `work` runs, then each statement alone.
 * The server still runs `begin` first; if it fails, the statements sent with it are reported as failed
 * and the transaction rolls back as before. Pipeline mode is switched off before the connection goes
 * back to the pool. Anything else (PGlite, a pool without pipeline mode) takes `db.transaction`, at
 * its own isolation level. With `isolationLevel: 'repeatable read'` the transaction is begun so, and a
 * lock may fold with the statements around it (coalesced-statements.ts).
 */
export async function transactionBegunWithFirst<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
  options: CoalescingOptions & { isolationLevel?: 'repeatable read' } = { answerWritesAtOnce: false },
): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db.transaction(work);
  const client = (await pool.connect()) as pg.PoolClient & { pipeline?: boolean };
  if (typeof client.pipeline !== 'boolean') {
    client.release();
    return db.transaction(work);
  }
  client.pipeline = true;
  const coalescing = coalescingQuery(
    (config, values) => (client.query as Query)(config as QueryConfig, values),
    options,
  );
  const held = new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return coalescing.query;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  registerCoalescing(held, coalescing);
  try {
    // A client, not a pool: Drizzle runs the transaction on it and leaves releasing it to us.
    const { isolationLevel } = options;
    return await (drizzle({ client: held as unknown as pg.PoolClient }) as unknown as Database).transaction(
      work,
      isolationLevel ? { isolationLevel } : undefined,
    );
  } finally {
    client.pipeline = false;
    client.release();
  }
}
