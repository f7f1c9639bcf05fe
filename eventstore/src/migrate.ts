import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { OpenDatabase } from './database.js';

// One level up from src/ (tests) and from dist/ (built) alike.
const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Creates or updates the log's tables. Tracked in a table of its own, because the projector keeps
 * its migrations in the same database and drizzle's default table would mix the two histories.
 */
export async function migrateEventStore(database: OpenDatabase): Promise<void> {
  const config = {
    migrationsFolder,
    migrationsTable: '__eventstore_migrations',
    ...(database.searchPath ? { migrationsSchema: database.searchPath } : {}),
  };
  // The two migrators are the same code typed per driver; the handle is one of them at run time.
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, config);
  }
}
