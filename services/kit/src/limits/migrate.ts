import { fileURLToPath } from 'node:url';
import type { OpenDatabase } from '@remit/eventstore';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

// Two levels up from src/limits/ (tests) and from dist/limits/ (built) alike.
const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Creates or updates the tables of state the service replicas share (rate limits; DESIGN §11), tracked
 * in a migrations table of their own beside the log's and the read models'.
 */
export async function migrateSharedState(database: OpenDatabase): Promise<void> {
  const config = {
    migrationsFolder,
    migrationsTable: '__shared_state_migrations',
    ...(database.searchPath ? { migrationsSchema: database.searchPath } : {}),
  };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, config);
  }
}
