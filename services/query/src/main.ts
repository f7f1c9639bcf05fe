import { createEventStore, openDatabase } from '@remit/eventstore';
import {
  apiNotFound,
  authenticate,
  ConfigError,
  closeServer,
  createHttpApp,
  createLogger,
  createTokenService,
  errorHandler,
  exitOnSignal,
  healthRoute,
  listen,
  resolveJwtSecret,
  sessionCheckFromLog,
} from '@remit/kit';
import { projections } from '@remit/projector';
import { createQueryService } from './app.js';
import { loadQueryConfig } from './config.js';

/** The query service alone. It only reads: the projector service owns the migrations and the tables. */
async function main() {
  const config = loadQueryConfig();
  const logger = createLogger({ level: config.logLevel, name: 'remit-query' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const store = createEventStore(database, { logger });
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  // Token lifetime only matters when signing; this service only verifies.
  const tokens = createTokenService(jwtSecret, 1);
  const query = createQueryService({ config, db: database.db, store, projections });

  const app = createHttpApp({ logger });
  app.get(
    '/api/health',
    healthRoute({ db: database.db, service: 'query', projections: projections.map((p) => p.name) }),
  );
  app.use('/api', authenticate(tokens, sessionCheckFromLog(store)));
  app.use('/api', query.router);
  app.use('/api', apiNotFound);
  app.use(errorHandler);
  const server = await listen(app, config.host, config.port);
  logger.info({ port: config.port, store: database.kind }, 'query service listening');
  exitOnSignal(logger, async () => {
    await closeServer(server);
    await query.close();
    await store.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
