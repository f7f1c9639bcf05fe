import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { checkSchemaName, type Database, type OpenDatabase, searchPathSetting } from './database.js';
import type { EventStoreLogger } from './logger.js';
import { createNotificationListener } from './postgres-listener.js';

const POOL_SIZE = 10;

export interface PostgresOptions {
  databaseUrl: string;
  searchPath?: string | undefined;
  logger: EventStoreLogger;
}

export async function openPostgres(options: PostgresOptions): Promise<OpenDatabase> {
  const { databaseUrl: connectionString, searchPath, logger } = options;
  if (searchPath) await createSchema(connectionString, checkSchemaName(searchPath));
  // Set per connection at start-up, so every pooled client and the listener see the same schema.
  const connection = {
    connectionString,
    ...(searchPath ? { options: `-c search_path=${searchPathSetting(searchPath).replace(' ', '')}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: POOL_SIZE });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection failed'));
  const listener = createNotificationListener(connection, logger);
  const db: Database = drizzle({ client: pool });
  return {
    db,
    kind: 'postgres',
    ...(searchPath ? { searchPath } : {}),
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

async function createSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } finally {
    await client.end();
  }
}
