import { createEventStore, migrateEventStore, openDatabase } from '@remit/eventstore';
import {
  ConfigError,
  closeServer,
  createHttpApp,
  createLogger,
  errorHandler,
  exitOnSignal,
  healthRoute,
  listen,
} from '@remit/kit';
import { loadProjectorConfig } from './config.js';
import { migrateReadModels } from './migrate.js';
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
  await migrateReadModels(database);
  const store = createEventStore(database, { logger });
  const projector = startProjector({ store, projections, logger });

  const app = createHttpApp({ logger });
  app.get(
    '/api/health',
    healthRoute({ db: database.db, service: 'projector', projections: projections.map((p) => p.name) }),
  );
  app.use(errorHandler);
  const server = await listen(app, config.host, config.port);
  exitOnSignal(logger, async () => {
    await closeServer(server);
    await projector.stop();
    await store.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
