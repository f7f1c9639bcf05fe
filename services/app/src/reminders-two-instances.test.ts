import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@remit/contracts';
import { createEventStore, type EventStore, type OpenDatabase, openDatabase } from '@remit/eventstore';
import { createScratchDatabase, type ScratchDatabase, testDatabaseUrl } from '@remit/eventstore/testing';
import { createLogger, createMailer, setClock } from '@remit/kit';
import { startServiceProcess } from '@remit/kit/testing';
import { type CollectionClock, projections, replayProjections, startCollectionClock } from '@remit/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';

const DAY = 86_400_000;

const projectorMain = fileURLToPath(new URL('../../projector/src/main.ts', import.meta.url));

/** A projector service as production runs it (its own process), ticking the time process every 300 ms. */
async function startProjectorProcess(env: Record<string, string>) {
  const service = await startServiceProcess<{ leading?: boolean }>(projectorMain, {
    ...env,
    REMINDER_TICK_MS: '300',
  });
  return { child: service.child, leading: async () => (await service.health())?.leading === true };
}

/**
 * Two instances of the time process on one PostgreSQL database, each with its own connection pool (as two
 * projector processes have), ticking at the same moments on the same clock: every reminder and every owner
 * notification reaches the SMTP server once.
 */
// Two processes share a database only on PostgreSQL (CI always has it); without TEST_DATABASE_URL the
// file reports this suite as skipped rather than failing with no suite at all.
describe.runIf(testDatabaseUrl)('two time processes on postgres', () => {
  let scratch: ScratchDatabase | undefined;
  let databaseUrl: string;
  let app: TestApp;
  let second: { database: OpenDatabase; store: EventStore; clock: CollectionClock };
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let dataDir: string;
  const clock = setClock();
  let ownerToken = '';
  const day0 = new Date(clock()).toISOString().slice(0, 10);

  beforeAll(async () => {
    scratch = await createScratchDatabase('remit_reminders');
    databaseUrl = scratch.url;
    dataDir = await mkdtemp(join(tmpdir(), 'remit-reminders-'));
    mail = await startMailCatcher();
    const first = await openDatabase({ databaseUrl, dataDir, applicationName: 'reminders-first' });
    app = await startTestApp('postgres', {
      database: first,
      now: clock,
      env: { SMTP_URL: mail.url, SESSION_TTL_HOURS: '2160' },
    });
    const database = await openDatabase({ databaseUrl, dataDir, applicationName: 'reminders-second' });
    const store = createEventStore(database);
    const logger = createLogger({ level: 'silent', name: 'second' });
    second = {
      database,
      store,
      clock: startCollectionClock({
        store,
        clock,
        mailer: createMailer(
          { smtpUrl: mail.url, from: 'Remit <no-reply@remit.test>', outboxDir: dataDir },
          logger,
        ),
        logger,
        appUrl: 'http://remit.test',
        intervalMs: 0,
      }),
    };
  }, 120_000);
  afterAll(async () => {
    await second?.clock.stop();
    await second?.store.close();
    await second?.database.close();
    await app?.close();
    await mail?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('mails each reminder and each owner notification once', async () => {
    const email = 'ada@example.com';
    expect(
      (await app.post('/auth/signup', { name: 'Ada Lovelace', email, password: 'Sunflower42' })).status,
    ).toBe(201);
    const link = verificationLinkIn((await mail.nextTo(email)).raw);
    const verified = await app.post('/auth/verify-email', { email, token: link?.token });
    const token = String(verified.body.token);
    ownerToken = token;
    const policy = await app.call('PUT', '/settings/reminders', {
      token,
      body: {
        remindersEnabled: true,
        reminderOffsets: [-3, 0, 7, 14],
        notifyOnFirstView: true,
        notifyOnOverdue: true,
      },
    });
    expect(policy.status).toBe(200);
    await app.applied(BigInt(String(policy.body.position)));

    const customers: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const customerEmail = `customer${n}@example.com`;
      customers.push(customerEmail);
      const created = await postInvoice(
        app,
        token,
        invoicePayload({
          invoiceNumber: `TWO-${n}`,
          customerEmail,
          issueDate: day0,
          dueDate: addDays(day0, 3 + n),
        }),
      );
      expect(created.status).toBe(201);
      await app.applied(BigInt(String(created.body.position)));
    }

    // Every day for 24 days (past the last reminder), both instances tick at once, several times.
    for (let day = 0; day < 24; day++) {
      for (let round = 0; round < 2; round++) {
        await Promise.all([app.remit.collectionClock.tick(), second.clock.tick(), second.clock.tick()]);
        await app.remit.caughtUp();
      }
      clock.advance(DAY);
    }

    const messageIds = mail.messages
      .filter((message) => customers.some((customer) => message.to.includes(customer)))
      .map((message) => decodeQuotedPrintable(message.raw).match(/^Message-ID:\s*(<[^>]+>)/im)?.[1]);
    // Six invoices, four reminders each (-3, 0, 7, 14), each once (its Message-ID names invoice and offset).
    expect(messageIds).toHaveLength(24);
    expect(messageIds.every((id) => id?.startsWith('<invoice-reminder-'))).toBe(true);
    expect(new Set(messageIds).size).toBe(24);
    const overdue = mail.messages.filter(
      (message) => message.to.includes(email) && /^Subject: Invoice TWO-\d is overdue/m.test(message.raw),
    );
    expect(overdue).toHaveLength(6);

    const reservations = await app.database.db.execute(
      "select stream_id, count(*)::int as n from events where stream_id like 'invoice-reminder-%' group by stream_id",
    );
    const rows = (reservations as unknown as { rows: { n: number }[] }).rows;
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.n === 1)).toBe(true);

    const reports = await replayProjections(app.database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);
  }, 180_000);

  it('two projector processes (leader and standby) mail a reminder due now once, also across a failover', async () => {
    const children: ChildProcess[] = [];
    try {
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SMTP_URL: mail.url,
        APP_URL: 'http://remit.test',
      };
      const first = await startProjectorProcess(env);
      children.push(first.child);
      await expect.poll(() => first.leading(), { timeout: 60_000 }).toBe(true);
      const second = await startProjectorProcess(env);
      children.push(second.child);

      // The processes keep the real time: an invoice due yesterday, reminded on its due date.
      const token = ownerToken;
      const policy = await app.call('PUT', '/settings/reminders', {
        token,
        body: {
          remindersEnabled: true,
          reminderOffsets: [0],
          notifyOnFirstView: true,
          notifyOnOverdue: false,
        },
      });
      expect(policy.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const created = await postInvoice(
        app,
        token,
        invoicePayload({
          invoiceNumber: 'LIVE-1',
          customerEmail: 'live@example.com',
          issueDate: addDays(today, -10),
          dueDate: addDays(today, -1),
        }),
      );
      expect(created.status).toBe(201);
      const live = () => mail.messages.filter((message) => message.to.includes('live@example.com'));
      await expect.poll(() => live().length, { timeout: 30_000 }).toBe(1);

      // The leader dies; the standby leads and ticks: nothing is sent again.
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      await expect.poll(() => second.leading(), { timeout: 30_000 }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(live()).toHaveLength(1);
    } finally {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
