import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '@remit/eventstore';
import { ConfigError, createLogger, databaseOptions } from '@remit/kit';
import { loadAppConfig } from './config.js';
import { exportLog, type LogSummary } from './event-log-file.js';
import { readServerFile, type ServerFile } from './server-file.js';

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
  const server = config.databaseUrl ? null : await readServerFile(config.dataDir);
  if (!config.databaseUrl && !server && !existsSync(join(config.dataDir, 'db'))) {
    console.error(
      `No Remit database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the one to export.`,
    );
    process.exit(2);
  }
  const out = target === '-' ? process.stdout : createWriteStream(target);
  const write = async (chunk: string | Uint8Array) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const started = performance.now();
  // The running server holds the embedded store: it streams the log itself, and keeps serving.
  let summary: LogSummary;
  try {
    summary = server ? await exportThrough(server, write) : await exportDirectly(config, write);
  } catch (error) {
    // Half a log must not look like a log: nothing is left under the name asked for.
    if (out !== process.stdout) {
      out.destroy();
      await rm(target, { force: true });
    }
    throw error;
  }
  if (out !== process.stdout) {
    out.end();
    await once(out, 'finish');
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `Exported ${summary.events} events from ${where}${server ? ` through the server running at ${server.url}` : ''} in ${seconds.toFixed(1)} s${target === '-' ? '' : ` to ${target}`}.\nsha256 ${summary.sha256}`,
  );
}

async function exportDirectly(
  config: ReturnType<typeof loadAppConfig>['command'],
  write: (chunk: string) => Promise<void>,
): Promise<LogSummary> {
  const logger = createLogger({ level: 'warn', name: 'remit-export' });
  const database = await openDatabase({ ...databaseOptions(config), logger });
  try {
    return await exportLog(database.db, write);
  } finally {
    await database.close();
  }
}

/** The file from a running server, counted and hashed here as exportLog does (a line ends each event). */
async function exportThrough(
  server: ServerFile,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<LogSummary> {
  const response = await fetch(`${server.url}/api/internal/export`, {
    headers: { 'x-remit-admin-token': server.adminToken, 'accept-encoding': 'identity' },
  });
  if (!response.ok || !response.body)
    throw new Error(`the running server refused the export: ${response.status} ${await response.text()}`);
  const hash = createHash('sha256');
  let events = 0;
  // An interrupted transfer rejects here (the server cuts the connection on any failure).
  for await (const chunk of response.body) {
    hash.update(chunk);
    for (const byte of chunk) if (byte === 0x0a) events += 1;
    await write(chunk);
  }
  return { events, sha256: hash.digest('hex') };
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
