import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { OpenDatabase } from './database.js';

/**
 * Applies one package's drizzle migrations (`folder`), tracked in `table` so that the log's, the read
 * models' and the shared state's histories stay apart in one database; in the database's own schema.
 */
export async function applyMigrations(database: OpenDatabase, folder: string, table: string): Promise<void> {
  const config = {
    migrationsFolder: folder,
    migrationsTable: table,
    ...(database.searchPath ? { migrationsSchema: database.searchPath } : {}),
  };
  // The two migrators are the same code typed per driver; the handle is one of them at run time.
  // Services started together on a fresh database take turns: two migrators creating one table race.
  await database.exclusively('migrations', async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, config);
    } else {
      await migratePostgres(database.db as unknown as NodePgDatabase, config);
    }
  });
}

/** Creates or updates the log's tables (one level up from src/ in tests and from dist/ when built). */
export async function migrateEventStore(database: OpenDatabase): Promise<void> {
  await applyMigrations(
    database,
    fileURLToPath(new URL('../migrations', import.meta.url)),
    '__eventstore_migrations',
  );
}
