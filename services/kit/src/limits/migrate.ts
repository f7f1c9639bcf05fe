import { fileURLToPath } from 'node:url';
import { applyMigrations, type OpenDatabase } from '@remit/eventstore';

/**
 * Creates or updates the tables of state the service replicas share (rate limits; DESIGN §11), tracked
 * in a migrations table of their own beside the log's and the read models'.
 */
export async function migrateSharedState(database: OpenDatabase): Promise<void> {
  // Two levels up from src/limits/ (tests) and from dist/limits/ (built) alike.
  await applyMigrations(
    database,
    fileURLToPath(new URL('../../migrations', import.meta.url)),
    '__shared_state_migrations',
  );
}
