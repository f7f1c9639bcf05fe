import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database.js';

/**
 * `db.transaction(work)`, with `begin` travelling with the transaction's first statement on PostgreSQL.
 * Drizzle's `transaction()` sends `begin` and waits for its answer before `work` runs: a round trip that
 * answers nothing. Here a connection is taken from the pool and put in node-postgres' pipeline mode
 * (statements are written without waiting for earlier answers), `begin` is written when Drizzle asks
 * for it but answered at once, and its real answer is awaited with the next statement's, so both share
 * one round trip. The server still runs `begin` first; if it fails, the statement after it is reported
 * as failed and the transaction rolls back as before. Pipeline mode is switched off before the
 * connection goes back to the pool. Anything else (PGlite, a pool without pipeline mode) takes
 * `db.transaction`.
 */
export async function transactionBegunWithFirst<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db.transaction(work);
  const client = (await pool.connect()) as pg.PoolClient & { pipeline?: boolean };
  if (typeof client.pipeline !== 'boolean') {
    client.release();
    return db.transaction(work);
  }
  client.pipeline = true;
  let begun: Promise<unknown> | undefined;
  let beginSent = false;
  const query = (config: unknown, values?: unknown[]): Promise<unknown> => {
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    if (!beginSent && text !== undefined && /^\s*begin\b/i.test(text) && !values?.length) {
      beginSent = true;
      begun = client.query(text);
      // Reported with the next statement's answer; never unhandled meanwhile.
      begun.catch(() => undefined);
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
    }
    const answer = (client.query as (config: unknown, values?: unknown[]) => Promise<unknown>)(
      config,
      values,
    );
    if (begun === undefined) return answer;
    const before = begun;
    begun = undefined;
    answer.catch(() => undefined);
    return before.then(() => answer);
  };
  const held = new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  try {
    // A client, not a pool: Drizzle runs the transaction on it and leaves releasing it to us.
    return await (drizzle({ client: held as unknown as pg.PoolClient }) as unknown as Database).transaction(
      work,
    );
  } finally {
    // A `begin` never followed by a statement (work that sends nothing) is awaited before release.
    await begun?.catch(() => undefined);
    client.pipeline = false;
    client.release();
  }
}
