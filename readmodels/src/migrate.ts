import { fileURLToPath } from 'node:url';
import { applyMigrations, type OpenDatabase } from '@remit/eventstore';

/** Creates or updates the read-model tables; their migrations are tracked apart from the event log's. */
export async function migrateReadModels(database: OpenDatabase): Promise<void> {
  // From src/ (tests) and dist/ (built) alike, the migrations sit one level up.
  await applyMigrations(
    database,
    fileURLToPath(new URL('../migrations', import.meta.url)),
    '__read_model_migrations',
  );
}
