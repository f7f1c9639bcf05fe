import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describeChain, type OpenDatabase, openDatabase, rowsOf, verifyChain } from '@remit/eventstore';
import { createScratchDatabase, openTestDataDir, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { appMigrations } from './testing/migrations.js';
import { signedInUser } from './testing/users.js';

/**
 * `npm run verify` as a person runs it (issue 32 item 2, D-357): a log written through the app's own commands, then
 * the command in a process of its own: exit 0 on the intact log; after an event's data is changed in the database,
 * exit 1 and the first bad event named by its link and position. Two events swapped or one deleted are named by what
 * the command prints, read in this process (D-551). Without DATABASE_URL on the embedded store in DATA_DIR; with it
 * on PostgreSQL.
 */
const logger = createLogger({ level: 'silent', name: 'test' });
const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run verify`'s entry (package.json runs its build; the source is the same program). */
async function verifyCommand(env: Record<string, string>): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=source', '--import', tsx, join(root, 'services/app/src/verify.ts')],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe.each(testStores())('npm run verify on %s', (kind) => {
  it('exits 0 on the intact log and 1 naming the first changed event; names a swapped or deleted one too', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'remit-verify-'));
    const scratch = kind === 'postgres' ? await createScratchDatabase('remit_verify') : null;
    const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir };
    const open = (): Promise<OpenDatabase> =>
      scratch
        ? openDatabase({ databaseUrl: scratch.url, dataDir, logger })
        : openDatabase({ dataDir, logger });
    /** Works on the store while no Remit has it open, as someone with the database's files would. */
    async function withStore<T>(work: (database: OpenDatabase) => Promise<T>): Promise<T> {
      const database = await open();
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    }
    try {
      // The log, written by the app: an account, two invoices (one to a non-Latin name), a payment.
      const app = await startTestApp(kind, {
        database: scratch ? await open() : await openTestDataDir(dataDir, { migrations: appMigrations }),
      });
      let positions: bigint[];
      try {
        const ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
        for (const [number, customer] of [
          ['INV-0001', 'Charles Babbage'],
          ['INV-0002', '東京株式会社'],
        ]) {
          const created = await postInvoice(
            app,
            ada.token,
            invoicePayload({ invoiceNumber: number, customerCompanyName: customer }),
          );
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          const id = (created.body.invoice as { ID: string }).ID;
          const paid = await app.post(
            `/invoices/${id}/payments`,
            {
              amount: '10,00',
              date: '2025-03-20',
              method: 'bank_transfer',
              reference: 'Überweisung',
              note: '',
            },
            { token: ada.token },
          );
          expect(paid.status, JSON.stringify(paid.body)).toBe(201);
        }
        await app.remit.caughtUp();
        await expect
          .poll(async () => (await verifyChain(app.database.db)).pending, { timeout: 20_000 })
          .toBe(0);
        // Reader order, which the chain follows (D-250).
        positions = rowsOf<{ position: string }>(
          await app.database.db.execute(sql`select position::text from events order by tx_id, position`),
        ).map((row) => BigInt(row.position));
      } finally {
        await app.close();
      }
      expect(positions.length).toBeGreaterThan(8);

      const intact = await verifyCommand(env);
      expect(intact.stderr).toBe('');
      expect(intact.code).toBe(0);
      expect(intact.stdout).toMatch(
        new RegExp(
          `^OK: ${positions.length} events verified; head [0-9a-f]{64} at link ${positions.length},`,
        ),
      );

      const at = (link: number) => positions[link - 1]!;

      // An event's data changed: the command names link 2 and tells what it found there.
      const [original] = await withStore(async (database) => {
        const rows = rowsOf<{ data: string }>(
          await database.db.execute(sql`select data::text from events where position = ${at(2)}`),
        );
        await database.db.execute(
          sql.raw(`update events set data = jsonb_set(data, '{forged}', '"yes"') where position = ${at(2)}`),
        );
        return rows;
      });
      const changed = await verifyCommand(env);
      expect(changed.code).toBe(1);
      expect(changed.stdout).toContain(`TAMPERED at link 2: the event at position ${at(2)} (`);
      expect(changed.stdout).toContain(
        'is not the event that was linked: its content changed; 1 events before it verified',
      );

      // The other two as the command reads them (describeChain of verifyChain, what verify.ts prints), in this
      // process: a third and fourth process started the same program again (D-551). Put back, the same link
      // verifies again; two events swapped: the first of them (link 3) is named.
      const restore = `update events set data = '${original!.data.replaceAll("'", "''")}'::jsonb where position = ${at(2)}`;
      const swap = [
        `update events set position = -position where position in (${at(3)}, ${at(5)})`,
        `update events set position = case position when -${at(3)} then ${at(5)} else ${at(3)} end where position < 0`,
      ];
      await withStore(async (database) => {
        const tamper = async (...statements: string[]) => {
          for (const statement of statements) await database.db.execute(sql.raw(statement));
        };
        await tamper(restore, ...swap);
        const swapped = await verifyChain(database.db);
        expect(swapped.ok).toBe(false);
        expect(describeChain(swapped)).toContain(
          `TAMPERED at link 3: the event at position ${at(3)} is no longer in its place in the log`,
        );

        // Swapped back; an event deleted: link 4 named as missing.
        await tamper(...swap, `delete from events where position = ${at(4)}`);
        const deleted = await verifyChain(database.db);
        expect(deleted.ok).toBe(false);
        expect(describeChain(deleted)).toContain(
          `TAMPERED at link 4: the event at position ${at(4)} is missing (deleted)`,
        );
        expect(describeChain(deleted)).toContain('3 events before it verified');
      });
    } finally {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
