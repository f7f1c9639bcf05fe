import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ChainReport, describeChain, openDatabase, verifyChain } from '@remit/eventstore';
import { ConfigError, createLogger, databaseOptions } from '@remit/kit';
import { loadAppConfig } from './config.js';
import { readServerFile } from './server-file.js';
import {
  type ChainLink,
  chainReportFromJson,
  describeLink,
  linkArgument,
  readChainLink,
} from './verify-report.js';

/**
 * `npm run verify`: recomputes the tamper-evident chain over the log (docs/decisions.md D-250) and prints
 * its head, or names the first event that does not match. Exit 0 when the chain verifies, 1 when it does
 * not, 2 when it could not look. With DATABASE_URL it checks PostgreSQL; without, the embedded store in
 * DATA_DIR, through the running server when there is one (only one process may open the directory).
 */
async function main() {
  const config = loadAppConfig().command;
  // `--link N`: also print link N's hash, to compare with an archive's manifest (docs/operations.md).
  const seq = linkArgument(process.argv.slice(2));
  let link: ChainLink | null = null;
  const logger = createLogger({ level: 'warn', name: 'remit-verify' });
  const server = config.databaseUrl ? null : await readServerFile(config.dataDir);
  let report: ChainReport;
  if (server) {
    const response = await fetch(`${server.url}/api/internal/verify${seq === null ? '' : `?link=${seq}`}`, {
      method: 'POST',
      headers: { 'x-remit-admin-token': server.adminToken },
    });
    if (!response.ok)
      throw new Error(`the running server refused to verify: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { report: unknown; link: ChainLink | null };
    report = chainReportFromJson(answer.report);
    link = answer.link;
    console.log(`Verified through the running server at ${server.url}.`);
  } else {
    if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db'))) {
      console.error(
        `No Remit database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the one to check.`,
      );
      process.exit(2);
    }
    const database = await openDatabase({ ...databaseOptions(config), logger });
    try {
      report = await verifyChain(database.db);
      if (seq !== null) link = await readChainLink(database.db, seq);
    } finally {
      await database.close();
    }
  }
  console.log(describeChain(report));
  if (seq !== null) console.log(describeLink(seq, link));
  process.exit(report.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  if (String((error as { cause?: { code?: unknown } })?.cause?.code ?? '') === '42P01') {
    console.error(
      'This log has no chain yet: start Remit (or its projector) once on it; migration 0006 records where the chain starts.',
    );
    process.exit(2);
  }
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
});
