import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type OpenDatabase, openDatabase, takeWriterLockSql } from '@remit/eventstore';
import {
  openTestDatabase,
  openTestDataDir,
  type StoreKind,
  testDatabaseUrl,
  testStores,
} from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportLog } from './event-log-file.js';
import { ImportError, importLog } from './event-log-import.js';
import { asRecorded, fixture, fixtures, rowsOf, sorted } from './testing/fixture-log.js';
import { appMigrations } from './testing/migrations.js';

const logger = createLogger({ level: 'silent', name: 'test' });
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

const opened: OpenDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function emptyStore(kind: StoreKind): Promise<OpenDatabase> {
  const database = await openTestDatabase(kind, { migrations: appMigrations });
  opened.push(database);
  return database;
}

async function exported(database: OpenDatabase): Promise<string> {
  let text = '';
  await exportLog(database.db, (chunk) => {
    text += chunk;
  });
  return text;
}

async function readModelRows(database: OpenDatabase): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of projections.flatMap((projection) => projection.tables)) {
    rows[table] = sorted(rowsOf(await database.db.execute(sql.raw(`select * from "${table}"`))));
  }
  return rows;
}

const eventCount = async (database: OpenDatabase) =>
  Number(rowsOf<{ n: string }>(await database.db.execute(sql`select count(*)::text as n from events`))[0]?.n);

const fixtureStream = (name: string) => createReadStream(fixture(name, 'events.jsonl'));

/** Both ways between the stores the suites have: PGlite ⇄ PostgreSQL, or PGlite → PGlite without it. */
const directions: [StoreKind, StoreKind][] = testDatabaseUrl
  ? [
      ['pglite', 'postgres'],
      ['postgres', 'pglite'],
    ]
  : [['pglite', 'pglite']];

describe.each(directions)('export from %s, import into %s', (from, into) => {
  it.each(fixtures)(
    '%s: the same log, byte for byte, and the same read models, equal to a replay',
    async (name) => {
      const source = await emptyStore(from);
      await importLog(source, fixtureStream(name), { logger });
      const expected = JSON.parse(await readFile(fixture(name, 'read-models.json'), 'utf8')) as Record<
        string,
        unknown[]
      >;
      const sourceRows = await readModelRows(source);
      for (const [table, rows] of Object.entries(expected))
        expect(asRecorded(table, sourceRows[table] ?? []), table).toEqual(sorted(rows));

      const file = await exported(source);
      expect(file.trim().split('\n')).toHaveLength(await eventCount(source));

      const target = await emptyStore(into);
      const summary = await importLog(target, Readable.from([file]), { logger, batchSize: 5 });
      expect(summary.events).toBe(await eventCount(source));
      expect(await exported(target)).toBe(file);
      expect(await readModelRows(target)).toEqual(sourceRows);
      const reports = await replayProjections(target.db, projections);
      expect(reports.flatMap((report) => report.differences)).toEqual([]);

      // New commands continue the log after the imported positions.
      const [next] = await target.db.transaction(async (tx) => {
        await tx.execute(sql.raw(takeWriterLockSql));
        return rowsOf<{ position: string }>(
          await tx.execute(
            sql`insert into events (stream_id, version, type, data, metadata) values ('after-import', 1, 'X', '{}', '{}') returning position::text`,
          ),
        );
      });
      expect(BigInt(next?.position ?? 0)).toBe(BigInt(summary.events) + 1n);
    },
  );
});

describe.each(testStores())('importing on %s', (kind) => {
  const lines = async () =>
    (await readFile(fixture('log-2026-11-sandbox', 'events.jsonl'), 'utf8')).trim().split('\n');

  it('keeps the order of a log whose positions are not in order (a transaction with an older id wrote later)', async () => {
    const original = await lines();
    // Lines 10 and 11 are of different streams; swapped, the log reads position 11 before 10.
    const swapped = [...original];
    [swapped[9], swapped[10]] = [swapped[10] as string, swapped[9] as string];
    const positions = swapped.map((line) => (JSON.parse(line) as { position: string }).position);
    const target = await emptyStore(kind);
    await importLog(target, Readable.from([`${swapped.join('\n')}\n`]), { logger, rebuild: false });
    const back = (await exported(target))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { position: string }).position);
    expect(back).toEqual(positions);
  });

  it('refuses a store that holds events, and changes nothing in it', async () => {
    const target = await emptyStore(kind);
    await importLog(target, fixtureStream('log-2026-11-stripe'), { logger });
    const before = await exported(target);
    const attempt = importLog(target, fixtureStream('log-2026-11-sandbox'), { logger });
    await expect(attempt).rejects.toThrow(ImportError);
    await expect(attempt).rejects.toThrow(/already holds 14 events .*Import only into an empty store/);
    expect(await exported(target)).toBe(before);
  });

  // One store for the five refusals: each leaves it empty, as it asserts, so the next meets it as a new store;
  // then the whole log goes in. A store a refusal saves ~4 s on PGlite and ~2 s on PostgreSQL (D-550).
  describe('a log with a bad line', () => {
    let target: OpenDatabase;
    beforeAll(async () => {
      target = await openTestDatabase(kind, { migrations: appMigrations });
    });
    afterAll(() => target?.close());

    it.each([
      ['not JSON', (line: string) => line.slice(0, -1), /line 30: not JSON/],
      [
        'an event type the catalogue does not know',
        (line: string) => line.replace(/"type":"[A-Za-z]+"/, '"type":"InvoiceTeleported"'),
        /line 30: .*InvoiceTeleported/,
      ],
      [
        'data its schema refuses',
        (line: string) => {
          const event = JSON.parse(line) as { data: Record<string, unknown> };
          return JSON.stringify({ ...event, data: { ...event.data, paymentMethodId: 42 } });
        },
        /line 30: .*does not match its schema/,
      ],
      ['no stream', (line: string) => line.replace(/"streamId":"[^"]+",/, ''), /line 30: streamId/],
      [
        'a position that repeats the line before',
        (line: string, previous: string) =>
          line.replace(
            /"position":"\d+"/,
            `"position":"${(JSON.parse(previous) as { position: string }).position}"`,
          ),
        /line 30: position \d+ repeats/,
      ],
    ])('stops at a line with %s, says which, and leaves the store empty', async (_, spoil, message) => {
      const original = await lines();
      const spoilt = [...original];
      spoilt[29] = spoil(original[29] as string, original[28] as string);
      expect(await eventCount(target)).toBe(0);
      const attempt = importLog(target, Readable.from([`${spoilt.join('\n')}\n`]), { logger, batchSize: 8 });
      await expect(attempt).rejects.toThrow(message);
      expect(await eventCount(target)).toBe(0);
    });

    it('takes the whole log after those refusals, from position 1: the store is as good as new', async () => {
      const original = await lines();
      await importLog(target, Readable.from([`${original.join('\n')}\n`]), { logger, rebuild: false });
      expect(await eventCount(target)).toBe(original.length);
      const positions = (await exported(target))
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { position: string }).position);
      expect(positions).toEqual(original.map((line) => (JSON.parse(line) as { position: string }).position));
    });
  });
});

// The commands of the README's "Moving to PostgreSQL", as a person runs them: the embedded store in a
// directory, `npm run export`, then `npm run import` into a new PostgreSQL database.
describe.each(testStores().filter((kind) => kind === 'postgres'))('npm run export / import on %s', () => {
  it('moves a Remit from DATA_DIR to an empty PostgreSQL database and refuses to import twice', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'remit-export-'));
    const databaseName = `remit_import_${randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${databaseName}`;
    await admin(`create database ${databaseName}`);
    try {
      // As `npm start` leaves it: the log's, the read models' and the shared state's tables.
      const embedded = await openTestDataDir(dataDir, { migrations: appMigrations });
      await importLog(embedded, fixtureStream('log-2026-11-sandbox'), { logger });
      const rows = await readModelRows(embedded);
      await embedded.close();

      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const cli = (name: string, args: string[], env: Record<string, string>) =>
        run(
          process.execPath,
          ['--conditions=source', '--import', tsx, join(root, 'services/app/src', `${name}.ts`), ...args],
          { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env } },
        );
      const file = join(dataDir, 'remit.jsonl');
      const exportRun = await cli('export', [file], { DATA_DIR: dataDir });
      const exportedSum = /sha256 ([0-9a-f]{64})/.exec(exportRun.stderr)?.[1];
      expect(exportRun.stderr).toContain('Exported 67 events');
      const importRun = await cli('import', [file], { DATABASE_URL: url.toString() });
      expect(importRun.stderr).toContain('Imported 67 events');
      expect(importRun.stderr).toContain(`sha256 ${exportedSum}`);

      const moved = await openDatabase({ databaseUrl: url.toString(), dataDir, logger });
      try {
        expect(await readModelRows(moved)).toEqual(rows);
        expect(await exported(moved)).toBe(await readFile(file, 'utf8'));
      } finally {
        await moved.close();
      }
      const again = await cli('import', [file], { DATABASE_URL: url.toString() }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(again).toMatchObject({ code: 1 });
      expect((again as { stderr: string }).stderr).toMatch(/already holds 67 events/);
    } finally {
      await admin(`drop database if exists ${databaseName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
