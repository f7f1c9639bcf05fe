import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@remit/eventstore';
import { ConfigError, createLogger, databaseOptions } from '@remit/kit';
import { projections, type ReplayReport, replayProjections } from '@remit/projector';
import { migrateReadModels } from '@remit/readmodels';
import { loadAppConfig } from './config.js';
import { formatReplay } from './replay-report.js';
import { readServerFile } from './server-file.js';

/**
 * `npm run replay`: rebuilds every read model from the log and prints what differs from the live
 * tables. On PostgreSQL it connects directly, services running or not. On the embedded store only one
 * process may open the directory, so if the server is running it asks the server to do it.
 */
async function main() {
  const config = loadAppConfig().command;
  const logger = createLogger({ level: 'warn', name: 'remit-replay' });
  let reports: ReplayReport[];
  const server = config.databaseUrl ? null : await readServerFile(config.dataDir);
  if (server) {
    const response = await fetch(`${server.url}/api/internal/replay`, {
      method: 'POST',
      headers: { 'x-remit-admin-token': server.adminToken },
    });
    if (!response.ok)
      throw new Error(`the running server refused the replay: ${response.status} ${await response.text()}`);
    reports = ((await response.json()) as { reports: ReplayReport[] }).reports;
    console.log(`Replayed through the running server at ${server.url}.`);
  } else {
    if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db'))) {
      console.error(
        `No Remit database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the one to check.`,
      );
      process.exit(2);
    }
    const database = await openDatabase({ ...databaseOptions(config), logger });
    try {
      await migrateReadModels(database);
      reports = await replayProjections(database.db, projections);
    } finally {
      await database.close();
    }
  }
  const { ok, text } = formatReplay(reports);
  console.log(text);
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
});
