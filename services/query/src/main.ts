import { createEventStore, openDatabase } from '@remit/eventstore';
import {
  ConfigError,
  createLogger,
  createTokenService,
  databaseOptions,
  resolveJwtSecret,
  serveApi,
} from '@remit/kit';
import { projectionNames } from '@remit/readmodels';
import { createQueryService } from './app.js';
import { loadQueryConfig } from './config.js';

/** The query service alone. It only reads: the projector service owns the migrations and the tables. */
async function main() {
  const config = loadQueryConfig();
  const logger = createLogger({ level: config.logLevel, name: 'remit-query' });
  const database = await openDatabase({ ...databaseOptions(config), logger });
  const store = createEventStore(database, { logger });
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const query = createQueryService({ config, db: database.db, store });
  await serveApi({
    name: 'query',
    host: config.host,
    port: config.port,
    trustProxy: config.trustProxy,
    logger,
    database,
    store,
    projections: [...projectionNames],
    // The lifetime only matters when signing; this service only verifies.
    tokens: createTokenService(jwtSecret, 1),
    router: query.router,
    pages: query.pages,
    close: query.close,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
