import { randomBytes } from 'node:crypto';
import { migrateEventStore, openDatabase } from '@remit/eventstore';
import {
  ConfigError,
  closeServer,
  createLogger,
  databaseOptions,
  exitOnSignal,
  listen,
  migrateSharedState,
} from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';
import { createRemitApp } from './app.js';
import { loadAppConfig } from './config.js';
import { removeServerFile, writeServerFile } from './server-file.js';

async function main() {
  const config = loadAppConfig();
  const { host, port, dataDir, databaseUrl, logLevel } = config.command;
  const logger = createLogger({ level: logLevel, name: 'remit' });
  const database = await openDatabase({ ...databaseOptions(config.command), logger });
  await migrateEventStore(database);
  await migrateSharedState(database);
  await migrateReadModels(database);
  const adminToken = randomBytes(24).toString('base64url');
  const remit = await createRemitApp({ config, database, logger, ...(databaseUrl ? {} : { adminToken }) });
  const server = await listen(remit.app, host, port);
  // A wildcard address is not one a client can call; this machine's loopback reaches it.
  const localHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  if (!databaseUrl) await writeServerFile(dataDir, `http://${localHost}:${port}`, adminToken);
  logger.info(
    { url: `http://${host}:${port}`, store: database.kind, dataDir: databaseUrl ? undefined : dataDir },
    'listening',
  );
  // For the person who typed `npm start`: one plain line among the JSON logs, the address to open.
  process.stdout.write(`Remit is running at ${config.command.appUrl}\n`);
  exitOnSignal(logger, async () => {
    await closeServer(server);
    await remit.close();
    await database.close();
    if (!databaseUrl) await removeServerFile(dataDir);
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
