import { createEventStore, migrateEventStore, openDatabase } from '@remit/eventstore';
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
import { createCommandService } from './app.js';
import { loadCommandConfig } from './config.js';

/** The command service alone (production: beside the projector and query services, on PostgreSQL). */
async function main() {
  const config = loadCommandConfig();
  const logger = createLogger({ level: config.logLevel, name: 'remit-command' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  await migrateEventStore(database);
  const store = createEventStore(database, { logger });
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(jwtSecret, config.sessionTtlSeconds);
  const command = createCommandService({ config, store, tokens, jwtSecret, logger });

  const app = createHttpApp({ logger });
  app.get('/api/health', healthRoute({ db: database.db, service: 'command', projections: [] }));
  app.use('/api', authenticate(tokens, sessionCheckFromLog(store)));
  app.use('/api', command.router);
  app.use('/api', apiNotFound);
  app.use(errorHandler);
  const server = await listen(app, config.host, config.port);
  logger.info({ port: config.port, store: database.kind }, 'command service listening');
  exitOnSignal(logger, async () => {
    await closeServer(server);
    command.close();
    await store.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
