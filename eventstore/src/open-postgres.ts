import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { checkSchemaName, type Database, type OpenDatabase, searchPathSetting } from './database.js';
import type { EventStoreLogger } from './logger.js';
import { createNotifier } from './notifier.js';
import { createNotificationListener } from './postgres-listener.js';
import { postgresLockHolderQuery, tryPostgresLock, withPostgresLock } from './session-lock.js';

const DEFAULT_POOL_SIZE = 10;
/**
 * How long a query waits for a connection. A database that is down refuses at once; one behind a
 * network that drops packets would otherwise hold every request until the client gives up.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** TCP keep-alive, so a connection whose peer vanished without a word is noticed and dropped. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/**
 * Remit's statements run without PostgreSQL's JIT compilation (D-620). They are short, and most are planned once:
 * a projector batch's folded statement carries its rows as a JSON literal, and once the read tables held tens of
 * thousands of rows its estimate passed `jit_above_cost` and compiling it took about a second, half the server's
 * CPU of a 100,000-event rebuild. A start-up option of every connection, not a statement per batch, so it adds no
 * statement to a command's (issue 28 goal 4) and no round trip.
 */
const WITHOUT_JIT = '-c jit=off';

export interface PostgresOptions {
  databaseUrl: string;
  searchPath?: string | undefined;
  /** Shown in `pg_stat_activity`; lets an operator (or a test) find this process's connections. */
  applicationName?: string | undefined;
  /**
   * Connections in the pool. An append holds one for one round trip (a command with an idempotency
   * key for four), so writers beyond the pool wait for a connection rather than for the database.
   */
  poolSize?: number | undefined;
  logger: EventStoreLogger;
}

export async function openPostgres(options: PostgresOptions): Promise<OpenDatabase> {
  const { databaseUrl: connectionString, searchPath, logger } = options;
  if (searchPath) await createSchema(connectionString, checkSchemaName(searchPath));
  // Set per connection at start-up, so every pooled client and the listener see the same schema and settings.
  const connection: pg.ClientConfig = {
    connectionString,
    application_name: options.applicationName ?? 'remit',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    options: [
      WITHOUT_JIT,
      ...(searchPath ? [`-c search_path=${searchPathSetting(searchPath).replace(' ', '')}`] : []),
    ].join(' '),
  };
  const pool = new RecoveringPool({ ...connection, max: options.poolSize ?? DEFAULT_POOL_SIZE });
  // pg-pool listens for errors only on idle clients; a client checked out (a transaction between two
  // queries) that loses its connection (57P01 on a restart) would emit 'error' with no listener and
  // take the process down. With this one, the error is logged, the client's next query fails (the
  // request answers 503) and the pool discards the client on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL connection lost'));
  });
  // Idle clients' errors arrive here too; the listener above has already logged them.
  pool.on('error', () => {});
  const listener = createNotificationListener(connection, logger);
  // A named statement: each connection parses and plans the wake-up once, not once per append.
  const notifier = createNotifier(
    (channel) =>
      pool.query({ name: 'remit_notify', text: 'select pg_notify($1, $2)', values: [channel, ''] }),
    logger,
  );
  const db: Database = drizzle({ client: pool });
  return {
    db,
    kind: 'postgres',
    ...(searchPath ? { searchPath } : {}),
    listen: listener.listen,
    notifyAfterCommit: notifier.notify,
    tryLock: (name, holder) => tryPostgresLock(connection, name, holder, logger),
    exclusively: (name, work) => withPostgresLock(connection, name, work),
    lockHolder: async (name) => {
      const { rows } = await pool.query<{ holder: string }>(postgresLockHolderQuery, [name]);
      return rows[0]?.holder ?? null;
    },
    close: async () => {
      await listener.close();
      await notifier.settled();
      await pool.end();
    },
  };
}

/**
 * A pool whose checked-out clients go back to it when their connection is lost. Drizzle's transaction
 * takes a client and sends `begin` outside its try/finally, so a connection that dies right then was
 * never released: each restart could leak a client until the pool had none left and every request
 * waited for one. Here a lost connection releases (and discards) the client at once, and a later
 * release by its user does nothing.
 */
class RecoveringPool extends pg.Pool {
  override connect(...args: unknown[]): never {
    // pool.query() checks out with a callback and handles errors itself.
    if (args.length > 0) return (super.connect as (...a: unknown[]) => never)(...args);
    return super.connect().then(releaseWhenLost) as never;
  }
}

function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    release(error);
  };
  const onError = (error: Error) => releaseOnce(error);
  client.on('error', onError);
  client.release = releaseOnce;
  return client;
}

async function createSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } finally {
    await client.end();
  }
}
