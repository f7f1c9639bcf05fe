import { createEventStore, holdClaims, migrateEventStore, openDatabase } from '@remit/eventstore';
import {
  ConfigError,
  createLogger,
  createTokenService,
  databaseOptions,
  migrateSharedState,
  resolveJwtSecret,
  serveApi,
} from '@remit/kit';
import { createCommandService } from './app.js';
import { loadCommandConfig } from './config.js';

/** The command service alone (production: beside the projector and query services, on PostgreSQL). */
async function main() {
  const config = loadCommandConfig();
  const logger = createLogger({ level: config.logLevel, name: 'remit-command' });
  const database = await openDatabase({ ...databaseOptions(config), logger });
  await migrateEventStore(database);
  await migrateSharedState(database);
  const store = createEventStore(database, { logger });
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(jwtSecret, config.sessionTtlSeconds);
  // A retry that finds a claim of this process after it died takes it over at once (claim-holder.ts).
  const claims = holdClaims(database, logger);
  await claims.ready;
  const command = createCommandService({ config, store, tokens, jwtSecret, logger, claims });
  await serveApi({
    name: 'command',
    host: config.host,
    port: config.port,
    trustProxy: config.trustProxy,
    logger,
    database,
    store,
    projections: [],
    tokens,
    router: command.router,
    close: async () => {
      await command.close();
      await claims.stop();
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
