import { createEventStore, holdClaims, migrateEventStore, openDatabase } from '@remit/eventstore';
import {
  ConfigError,
  createLogger,
  createMailer,
  createTokenService,
  databaseOptions,
  migrateSharedState,
  resolveJwtSecret,
  serveApi,
  startScheduler,
  systemClock,
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
  // The recurring jobs issue through the command side (the projector runs the collection jobs): a scheduler of
  // their own, safe beside any other instance (each run is decided on its profile's stream). Without the query
  // side's renderer here, 'send' profiles issue and their sends wait for the all-in-one process (D-274).
  const scheduler = startScheduler({
    store,
    clock: systemClock,
    mailer: createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: `${config.dataDir}/outbox` },
      logger,
    ),
    logger,
    appUrl: config.appUrl,
    intervalMs: config.reminderTickMs,
    jobs: command.recurringJobs,
  });
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
      await scheduler.stop();
      await command.close();
      await claims.stop();
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
