import { createReadStream, existsSync } from 'node:fs';
import { migrateEventStore, openDatabase } from '@remit/eventstore';
import { ConfigError, createLogger, databaseOptions, migrateSharedState } from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';
import { loadAppConfig } from './config.js';
import { ImportError, importLog } from './event-log-import.js';
import { readServerFile } from './server-file.js';

/**
 * `npm run import -- FILE` (or `-` for standard input): writes an exported event log into the
 * configured store, which must be empty (DATABASE_URL, else the embedded store in DATA_DIR), checking
 * every line against the event catalogue, then builds the read models from it. A bad line stops it
 * with its number and leaves the store empty.
 */
async function main() {
  const source = process.argv[2];
  if (!source) {
    console.error('Usage: npm run import -- FILE   (or - to read standard input)');
    process.exit(2);
  }
  if (source !== '-' && !existsSync(source)) {
    console.error(`No file ${source}.`);
    process.exit(2);
  }
  const config = loadAppConfig().command;
  const where = config.databaseUrl ? 'DATABASE_URL' : `the embedded store in ${config.dataDir}`;
  if (!config.databaseUrl && (await readServerFile(config.dataDir))) {
    console.error(`Remit is running on ${where}: stop it, then import. Nothing was imported.`);
    process.exit(2);
  }
  const logger = createLogger({ level: 'warn', name: 'remit-import' });
  const database = await openDatabase({ ...databaseOptions(config), logger });
  try {
    await migrateEventStore(database);
    await migrateSharedState(database);
    await migrateReadModels(database);
    const input = source === '-' ? process.stdin : createReadStream(source);
    const progress = process.stderr.isTTY
      ? (events: number) => process.stderr.write(`\r${events} events written…`)
      : undefined;
    const summary = await importLog(database, input, {
      logger,
      ...(progress ? { onProgress: progress } : {}),
    });
    if (progress) process.stderr.write('\n');
    console.error(
      `Imported ${summary.events} events into ${where} in ${(summary.importMs / 1000).toFixed(1)} s; read models rebuilt in ${(summary.rebuildMs / 1000).toFixed(1)} s.\nsha256 ${summary.sha256}${summary.sameAsFile ? ' (the same as the file)' : ' (of the log as this store prints it)'}`,
    );
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(`Import stopped: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
