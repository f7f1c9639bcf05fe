import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@remit/eventstore';
import { ConfigError, createLogger } from '@remit/kit';
import { loadAppConfig } from './config.js';
import { exportLog } from './event-log-file.js';
import { readServerFile } from './server-file.js';

/**
 * `npm run export -- FILE` (or `-` for standard output, with `npm run -s`): the whole event log of the
 * configured store (DATABASE_URL, else the embedded store in DATA_DIR) as JSON Lines, one snapshot.
 * The count and SHA-256 go to standard error. See event-log-file.ts for the format.
 */
async function main() {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: npm run export -- FILE   (or: npm run -s export -- - > FILE)');
    process.exit(2);
  }
  const config = loadAppConfig().command;
  const where = config.databaseUrl ? 'DATABASE_URL' : `the embedded store in ${config.dataDir}`;
  if (!config.databaseUrl) {
    if (await readServerFile(config.dataDir)) {
      console.error(
        `Remit is running on ${where} and holds it open: stop it (Ctrl-C), then export. Nothing was written.`,
      );
      process.exit(2);
    }
    if (!existsSync(join(config.dataDir, 'db'))) {
      console.error(
        `No Remit database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the one to export.`,
      );
      process.exit(2);
    }
  }
  const out = target === '-' ? process.stdout : createWriteStream(target);
  const logger = createLogger({ level: 'warn', name: 'remit-export' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const started = performance.now();
  try {
    const summary = await exportLog(database.db, async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    });
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
    }
    const seconds = (performance.now() - started) / 1000;
    console.error(
      `Exported ${summary.events} events from ${where} in ${seconds.toFixed(1)} s${target === '-' ? '' : ` to ${target}`}.\nsha256 ${summary.sha256}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
