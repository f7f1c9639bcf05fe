import { createEventStore, migrateEventStore, openDatabase } from '@remit/eventstore';
import { ConfigError, createLogger, migrateSharedState, serveApi } from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';
import { loadProjectorConfig } from './config.js';

import { projections } from './projections/index.js';
import { startProjector } from './projector.js';

/**
 * The projector alone: applies migrations (the log's and the read models'), then keeps every read
 * model up to date. It answers only `GET /api/health`, for the orchestrator.
 */
async function main() {
  const config = loadProjectorConfig();
  const logger = createLogger({ level: config.logLevel, name: 'remit-projector' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  await migrateEventStore(database);
  await migrateSharedState(database);
  await migrateReadModels(database);
  const store = createEventStore(database, { logger });
  const projector = startProjector({ store, projections, logger });
  await serveApi({
    name: 'projector',
    host: config.host,
    port: config.port,
    trustProxy: config.trustProxy,
    logger,
    database,
    store,
    projections: projections.map((projection) => projection.name),
    close: projector.stop,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
