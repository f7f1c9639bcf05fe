import { hostname } from 'node:os';
import { createEventStore, migrateEventStore, openDatabase, runWhenLeading } from '@remit/eventstore';
import {
  ConfigError,
  createLogger,
  createMailer,
  databaseOptions,
  migrateSharedState,
  PROJECTOR_LOCK,
  serveApi,
  systemClock,
} from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';
import { loadProjectorConfig } from './config.js';

import { projections } from './projections/index.js';
import { startProjector } from './projector.js';
import { startCollectionClock } from './time/process.js';

/**
 * The projector alone: applies migrations (the log's and the read models'), then keeps every read
 * model up to date while it leads. Several may run on one database: one leads (holds the projector
 * lock), the others stand by and take over when it goes. It answers only `GET /api/health`, for the
 * orchestrator, which also says who leads.
 */
async function main() {
  const config = loadProjectorConfig();
  const logger = createLogger({ level: config.logLevel, name: 'remit-projector' });
  const database = await openDatabase({ ...databaseOptions(config), logger });
  await migrateEventStore(database);
  await migrateSharedState(database);
  await migrateReadModels(database);
  const store = createEventStore(database, { logger });
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: `${config.dataDir}/outbox` },
    logger,
  );
  const leadership = runWhenLeading({
    database,
    name: PROJECTOR_LOCK,
    holder: `projector ${hostname()}:${process.pid}`,
    logger,
    // The leader alone runs the time process; it is safe with several (reservations), this only saves work.
    work: () => {
      const projector = startProjector({ store, projections, logger });
      const clock = startCollectionClock({
        store,
        clock: systemClock,
        mailer,
        logger,
        appUrl: config.appUrl,
        intervalMs: config.reminderTickMs,
      });
      return async () => {
        await clock.stop();
        await projector.stop();
      };
    },
  });
  await serveApi({
    name: 'projector',
    host: config.host,
    port: config.port,
    trustProxy: config.trustProxy,
    logger,
    database,
    store,
    projections: projections.map((projection) => projection.name),
    leading: leadership.leading,
    close: leadership.stop,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
