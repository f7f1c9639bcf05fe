import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { migrateEventStore, type OpenDatabase, openDatabase, takeWriterLockSql } from '@remit/eventstore';
import { openTestDatabase } from '@remit/eventstore/testing';
import { createLogger, migrateSharedState } from '@remit/kit';
import { callApi, startServiceProcess, stopProcess } from '@remit/kit/testing';
import { migrateReadModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exportEmbeddedLogInPages, exportLog } from './event-log-file.js';
import { importLog } from './event-log-import.js';
import { readServerFile } from './server-file.js';
import { fixture } from './testing/fixture-log.js';

const logger = createLogger({ level: 'silent', name: 'test' });
const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const run = promisify(execFile);

async function exported(database: OpenDatabase): Promise<string> {
  let text = '';
  await exportLog(database.db, (chunk) => {
    text += chunk;
  });
  return text;
}

async function seeded(database: OpenDatabase): Promise<void> {
  await migrateReadModels(database);
  await importLog(database, createReadStream(fixture('log-2026-11-sandbox', 'events.jsonl')), { logger });
}

describe('exporting the embedded store while it serves', () => {
  it('lets a command commit between pages, and leaves out what was appended after the export began', async () => {
    const database = await openTestDatabase('pglite');
    try {
      await seeded(database);
      const before = await exported(database);
      let file = '';
      let appended = false;
      await exportEmbeddedLogInPages(database, async (chunk) => {
        file += chunk;
        if (appended) return;
        appended = true;
        // A transaction held for the whole export would keep this waiting on PGlite's one connection
        // until the export ended, which waits on it: the test would time out.
        await database.db.transaction(async (tx) => {
          await tx.execute(sql.raw(takeWriterLockSql));
          await tx.execute(
            sql`insert into events (stream_id, version, type, data, metadata) values ('during-export', 1, 'X', '{}', '{}')`,
          );
        });
      });
      expect(appended).toBe(true);
      expect(file).toBe(before);
      const after = await exported(database);
      expect(after.startsWith(before)).toBe(true);
      expect(after.slice(before.length)).toContain('"streamId":"during-export"');
    } finally {
      await database.close();
    }
  });

  it('npm run export (and replay) go through a running npm start, which keeps its routes from anyone without its token', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'remit-export-running-'));
    try {
      const embedded = await openDatabase({ dataDir, logger });
      await migrateEventStore(embedded);
      await migrateSharedState(embedded);
      await seeded(embedded);
      const expected = await exported(embedded);
      await embedded.close();

      const server = await startServiceProcess(join(root, 'services/app/src/main.ts'), {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        ADMISSION_CONCURRENCY: '0',
      });
      try {
        await expect.poll(() => readServerFile(dataDir), { timeout: 60_000 }).not.toBeNull();
        const base = `http://127.0.0.1:${server.port}`;
        expect((await callApi(base, 'GET', '/internal/export')).status).toBe(404);
        const wrong = await callApi(base, 'GET', '/internal/export', {
          headers: { 'x-remit-admin-token': 'not-the-token' },
        });
        expect(wrong.status).toBe(404);

        const file = join(dataDir, 'remit.jsonl');
        const cli = (name: string, args: string[]) =>
          run(
            process.execPath,
            ['--conditions=source', '--import', tsx, join(root, `services/app/src/${name}.ts`), ...args],
            {
              cwd: root,
              env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', DATA_DIR: dataDir },
            },
          );
        const exportRun = await cli('export', [file]);
        expect(exportRun.stderr).toContain('Exported 67 events');
        expect(exportRun.stderr).toContain(`through the server running at ${base}`);
        const written = await readFile(file, 'utf8');
        expect(written).toBe(expected);
        expect(exportRun.stderr).toContain(`sha256 ${createHash('sha256').update(written).digest('hex')}`);
        // The server still serves, and replay goes through it the same way.
        expect((await callApi(base, 'GET', '/health')).status).toBe(200);
        const replayRun = await cli('replay', []);
        expect(replayRun.stdout).toContain(`Replayed through the running server at ${base}.`);
      } finally {
        await stopProcess(server.child);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
