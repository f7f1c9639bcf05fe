import { fileURLToPath } from 'node:url';
import type { OpenDatabase } from '@remit/eventstore';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

// From src/ (tests) and dist/ (built) alike, the migrations sit one level up.
const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Creates or updates the read-model tables; their migrations are tracked apart from the event log's. */
export async function migrateReadModels(database: OpenDatabase): Promise<void> {
  const options = {
    migrationsFolder,
    migrationsTable: '__read_model_migrations',
    ...(database.searchPath ? { migrationsSchema: database.searchPath } : {}),
  };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, options);
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, options);
  }
}
