import { fileURLToPath } from 'node:url';
import type { TemplateMigrations } from '@remit/eventstore/testing';
import { migrateSharedState } from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';

/**
 * The read models' and the shared state's migrations, as the app applies them at start: on PGlite a
 * template holds them (made once per worker), instead of 30 migrations for every database.
 */
export const appMigrations: TemplateMigrations = {
  folders: [
    fileURLToPath(new URL('../../../../readmodels/migrations', import.meta.url)),
    fileURLToPath(new URL('../../../kit/migrations', import.meta.url)),
  ],
  async apply(database) {
    await migrateReadModels(database);
    await migrateSharedState(database);
  },
};
