import { createServer } from 'node:net';
import { addDays } from '@remit/contracts';
import { createEventStore, type EventStore } from '@remit/eventstore';
import { testStores } from '@remit/eventstore/testing';
import { createLogger, createMailer, type Mailer, setClock } from '@remit/kit';
import { type CollectionClock, startCollectionClock } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';

const MINUTE = 60_000;

/** A port nothing listens on: an SMTP server that is down refuses the connection. */
async function deadSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/**
 * The time process's mails are queued with the events that decide them and sent until the SMTP server
 * takes them: through an outage, a restart, a sender that died mid-send and two delivery loops at once.
 */
describe.each(testStores())('durable reminder and notification mail on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let token = '';
  let down = '';
  const clock = setClock();
  const day0 = new Date(clock()).toISOString().slice(0, 10);
  const logger = createLogger({ level: 'silent', name: 'delivery' });
  const started: { store: EventStore; process: CollectionClock }[] = [];
  let numbered = 0;

  /** A time process of its own (another projector, or this one after a restart) with the given mailer. */
  function timeProcess(mailer: Mailer | string) {
    const store = createEventStore(app.database);
    const process = startCollectionClock({
      store,
      clock,
      mailer:
        typeof mailer === 'string'
          ? createMailer(
              { smtpUrl: mailer, from: 'Remit <no-reply@remit.test>', outboxDir: app.dataDir },
              logger,
            )
          : mailer,
      logger,
      appUrl: 'http://remit.test',
      intervalMs: 0,
      mailRetryDelaysMs: [MINUTE, 5 * MINUTE],
    });
    started.push({ store, process });
    return process;
  }
  async function stop(process: CollectionClock) {
    await process.stop();
    const entry = started.find((one) => one.process === process);
    await entry?.store.close();
    started.splice(started.indexOf(entry as (typeof started)[number]), 1);
  }

  const mailsTo = (address: string) => mail.messages.filter((message) => message.to.includes(address));
  const messageIdOf = (raw: string) => decodeQuotedPrintable(raw).match(/^Message-ID:\s*(<[^>]+>)/im)?.[1];
  async function deliveries() {
    const result = await app.database.db.execute(
      sql`select id, attempts, sent_at is not null as sent, failed_at is not null as failed, last_error from mail_deliveries order by id`,
    );
    return (
      result as unknown as {
        rows: { id: string; attempts: number; sent: boolean; failed: boolean; last_error: string | null }[];
      }
    ).rows;
  }
  /** An invoice whose 7-days-late reminder and overdue notification are both due on `today`. */
  async function lateInvoice(customerEmail: string, today: string) {
    numbered += 1;
    const created = await postInvoice(
      app,
      token,
      invoicePayload({
        invoiceNumber: `DUR-${numbered}`,
        customerEmail,
        issueDate: addDays(today, -30),
        dueDate: addDays(today, -7),
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    return String((created.body.invoice as { ID: string }).ID);
  }

  beforeAll(async () => {
    down = await deadSmtpUrl();
    mail = await startMailCatcher();
    app = await startTestApp(kind, { now: clock, env: { SMTP_URL: mail.url, SESSION_TTL_HOURS: '2160' } });
    const email = 'owner@example.com';
    expect(
      (await app.post('/auth/signup', { name: 'Ada Owner', email, password: 'Sunflower42' })).status,
    ).toBe(201);
    const link = verificationLinkIn((await mail.nextTo(email)).raw);
    token = String((await app.post('/auth/verify-email', { email, token: link?.token })).body.token);
    const policy = await app.call('PUT', '/settings/reminders', {
      token,
      body: { remindersEnabled: true, reminderOffsets: [7], notifyOnFirstView: true, notifyOnOverdue: true },
    });
    expect(policy.status).toBe(200);
    await app.applied(BigInt(String(policy.body.position)));
  }, 60_000);
  afterAll(async () => {
    for (const { store } of started.splice(0)) await store.close();
    await app?.close();
    await mail?.close();
  });

  it('keeps the mails while SMTP is down, and delivers each once when it is back, after a restart', async () => {
    clock.set(new Date(`${day0}T09:00:00Z`));
    const id = await lateInvoice('outage@example.com', day0);
    const owner = mailsTo('owner@example.com').length;

    // The server is down when the reminder and the overdue notice fall due: recorded, queued, not lost.
    const outage = timeProcess(down);
    expect(await outage.tick()).toMatchObject({ overdue: 1, reminders: 1, notifications: 1, mailed: 0 });
    const queued = await deliveries();
    expect(queued).toEqual([
      expect.objectContaining({ id: `invoice-reminder-${id}-7`, attempts: 1, sent: false, failed: false }),
      expect.objectContaining({ id: `owner-notification-${id}-overdue`, attempts: 1, sent: false }),
    ]);
    expect(queued.every((row) => (row.last_error ?? '').length > 0)).toBe(true);
    // Before the first delay nothing is tried again.
    expect(await outage.tick()).toMatchObject({ reminders: 0, mailed: 0 });
    expect((await deliveries()).map((row) => row.attempts)).toEqual([1, 1]);

    // The projector restarts, and the server is back: after the delay each mail goes, once.
    await stop(outage);
    const restarted = timeProcess(mail.url);
    expect(await restarted.tick()).toMatchObject({ mailed: 0 });
    clock.advance(MINUTE);
    expect(await restarted.tick()).toMatchObject({ overdue: 0, reminders: 0, mailed: 2 });
    clock.advance(10 * MINUTE);
    expect(await restarted.tick()).toMatchObject({ mailed: 0 });
    await stop(restarted);

    const reminders = mailsTo('outage@example.com');
    expect(reminders).toHaveLength(1);
    expect(messageIdOf(reminders[0]?.raw ?? '')).toBe(`<invoice-reminder-${id}-7@remit.test>`);
    const notices = mailsTo('owner@example.com').slice(owner);
    expect(notices).toHaveLength(1);
    expect(messageIdOf(notices[0]?.raw ?? '')).toBe(`<owner-overdue-${id}@remit.test>`);
    expect((await deliveries()).every((row) => row.sent && row.attempts === 2)).toBe(true);
  });

  it('gives a mail up, logged, after its last retry fails', async () => {
    clock.set(new Date(`${addDays(day0, 10)}T09:00:00Z`));
    const id = await lateInvoice('never@example.com', addDays(day0, 10));
    const outage = timeProcess(down);
    await outage.tick();
    clock.advance(MINUTE);
    await outage.tick();
    clock.advance(5 * MINUTE);
    await outage.tick();
    clock.advance(60 * MINUTE);
    expect(await outage.tick()).toMatchObject({ mailed: 0 });
    await stop(outage);
    const row = (await deliveries()).find((one) => one.id === `invoice-reminder-${id}-7`);
    expect(row).toMatchObject({ attempts: 3, sent: false, failed: true });
    expect(mailsTo('never@example.com')).toHaveLength(0);
  });

  it('delivers a mail once when its sender died mid-send, after a restart', async () => {
    clock.set(new Date(`${addDays(day0, 20)}T09:00:00Z`));
    const id = await lateInvoice('crash@example.com', addDays(day0, 20));
    // This process commits the reminder, claims its mails and never comes back from the SMTP exchange.
    const stuck = timeProcess({ send: () => new Promise<void>(() => undefined), close: () => undefined });
    void stuck.tick();
    await expect
      .poll(async () => (await deliveries()).filter((row) => row.id.includes(id)).map((row) => row.attempts))
      .toEqual([1, 1]);
    started.splice(
      started.findIndex((one) => one.process === stuck),
      1,
    );

    const restarted = timeProcess(mail.url);
    // Its claim holds for a while (a slow server may still be taking the mail): nothing twice.
    expect(await restarted.tick()).toMatchObject({ overdue: 0, reminders: 0, mailed: 0 });
    clock.advance(16 * MINUTE);
    expect(await restarted.tick()).toMatchObject({ mailed: 2 });
    clock.advance(16 * MINUTE);
    expect(await restarted.tick()).toMatchObject({ mailed: 0 });
    await stop(restarted);
    expect(mailsTo('crash@example.com')).toHaveLength(1);
  });

  it('two delivery loops on one database send each queued mail once', async () => {
    clock.set(new Date(`${addDays(day0, 30)}T09:00:00Z`));
    const customers = ['two1@example.com', 'two2@example.com', 'two3@example.com', 'two4@example.com'];
    for (const customer of customers) await lateInvoice(customer, addDays(day0, 30));
    const outage = timeProcess(down);
    expect(await outage.tick()).toMatchObject({ reminders: 4, mailed: 0 });
    await stop(outage);

    clock.advance(MINUTE);
    const first = timeProcess(mail.url);
    const second = timeProcess(mail.url);
    const reports = await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    expect(reports.reduce((sum, report) => sum + report.mailed, 0)).toBe(8);
    await stop(first);
    await stop(second);
    for (const customer of customers) expect(mailsTo(customer)).toHaveLength(1);
    const ids = mail.messages.map((message) => messageIdOf(message.raw));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
