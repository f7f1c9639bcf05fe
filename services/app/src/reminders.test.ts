import { addDays } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { setClock } from '@remit/kit';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';
import { subscribe } from './testing/profile.js';

const DAY = 86_400_000;

/** A message as its reader sees it: quoted-printable undone, UTF-8 read. */
const readable = decodeQuotedPrintable;

async function eventsOf(
  app: TestApp,
  streamId: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const result = await app.database.db.execute(
    sql`select type, data::text as data from events where stream_id = ${streamId} order by position`,
  );
  return (result as unknown as { rows: { type: string; data: string }[] }).rows.map((row) => ({
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
  }));
}

describe.each(httpStores())('overdue, reminders and owner notifications with a set clock on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let ada: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  const clock = setClock();
  const day0 = new Date(clock()).toISOString().slice(0, 10);
  let numbered = 0;

  async function signedInUser(email: string, name: string) {
    const before = mail.messages.length;
    expect((await app.post('/auth/signup', { name, email, password: 'Sunflower42' })).status).toBe(201);
    const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
    const verified = await app.post('/auth/verify-email', { email, token: link?.token });
    return { token: String(verified.body.token), user: verified.body.user as { id: string } };
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, { now: clock, env: { SMTP_URL: mail.url, SESSION_TTL_HOURS: '2160' } });
    ada = await signedInUser('ada@example.com', 'Ada Lovelace');
    bob = await signedInUser('bob@example.com', 'Bob Stone');
    await subscribe(app, ada);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers });
  const mailsTo = (address: string) => mail.messages.filter((message) => message.to.includes(address));
  const subjectOf = (raw: string) => readable(raw).match(/^Subject: (.*)$/m)?.[1] ?? '';

  async function settled(answer: { status: number; body: Record<string, unknown> }) {
    expect(answer.status).toBeLessThan(300);
    if (answer.body.position) await app.applied(BigInt(String(answer.body.position)));
    return answer;
  }
  async function issue(
    dates: { issueDate: string; dueDate: string },
    customerEmail = 'charles@difference.example',
    paymentMethodId: string | null = null,
  ) {
    numbered += 1;
    const number = `REM-${numbered}`;
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: number, customerEmail, paymentMethodId, ...dates }),
    );
    expect(created.status).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    return { id: String((created.body.invoice as { ID: string }).ID), number };
  }
  /** One tick of the time process, then every read model caught up with what it wrote. */
  async function tick() {
    const report = await app.remit.collectionClock.tick();
    await app.remit.caughtUp();
    return report;
  }
  const typesOf = async (id: string) => (await eventsOf(app, `invoice-${id}`)).map((event) => event.type);

  it('reads and validates the reminder settings: off by default, notifications on, 400 on bad input', async () => {
    const initial = await app.get('/settings/reminders', as(ada.token));
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      remindersEnabled: false,
      reminderOffsets: [-3, 0, 7, 14],
      notifyOnFirstView: true,
      notifyOnOverdue: true,
    });
    const put = (body: unknown) => app.call('PUT', '/settings/reminders', { token: ada.token, body });
    const valid = {
      remindersEnabled: true,
      reminderOffsets: [7, -3],
      notifyOnFirstView: true,
      notifyOnOverdue: true,
    };
    for (const bad of [
      { ...valid, reminderOffsets: [5] },
      { ...valid, reminderOffsets: [] },
      { ...valid, reminderOffsets: ['7'] },
      { ...valid, remindersEnabled: 'yes' },
      { remindersEnabled: true },
      { ...valid, extra: 1 },
      null,
    ]) {
      const refused = await put(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    expect(await eventsOf(app, `user-settings-${ada.user.id}`)).toEqual([]);
    expect((await app.call('PUT', '/settings/reminders', { body: valid })).status).toBe(401);

    const saved = await settled(await put(valid));
    expect(saved.body).toMatchObject({ ...valid, reminderOffsets: [-3, 7] });
    expect((await app.get('/settings/reminders', as(ada.token))).body).toEqual({
      ...valid,
      reminderOffsets: [-3, 7],
    });
    // The same settings again write nothing; the other user still has the defaults.
    await settled(await put(valid));
    expect(await eventsOf(app, `user-settings-${ada.user.id}`)).toHaveLength(1);
    expect((await app.get('/settings/reminders', as(bob.token))).body).toMatchObject({
      remindersEnabled: false,
    });
    // Off again, for the next tests to turn on as they need.
    await settled(await put({ ...valid, remindersEnabled: false }));
  });

  it('records InvoiceBecameOverdue once, the day after the due date, and mails the owner once', async () => {
    const { id, number } = await issue({ issueDate: day0, dueDate: addDays(day0, 2) });
    expect(await tick()).toMatchObject({ overdue: 0 });
    clock.advance(2 * DAY);
    expect(await tick()).toMatchObject({ overdue: 0 });
    clock.advance(DAY);
    const ownerMails = mailsTo('ada@example.com').length;
    expect(await tick()).toMatchObject({ overdue: 1, notifications: 1 });
    expect(await tick()).toMatchObject({ overdue: 0, notifications: 0 });
    expect((await typesOf(id)).filter((type) => type === 'InvoiceBecameOverdue')).toHaveLength(1);

    const owner = mailsTo('ada@example.com').slice(ownerMails);
    expect(owner).toHaveLength(1);
    expect(subjectOf(owner[0]?.raw ?? '')).toBe(`Invoice ${number} is overdue`);
    // Only the owner was told; reminders are off, so the customer heard nothing.
    expect(mailsTo('charles@difference.example')).toHaveLength(0);

    const details = await app.get(`/invoices/${id}`, as(ada.token));
    expect((details.body.Collection as { CollectionStatus: string }).CollectionStatus).toBe('overdue');
    const history = await app.get(`/invoices/${id}/history`, as(ada.token));
    const summaries = (history.body.events as { summary: string }[]).map((event) => event.summary);
    expect(summaries).toContain(`Became overdue (due ${addDays(day0, 2)}, €2,281.56 unpaid)`);
    clock.set(new Date(`${day0}T12:00:00Z`));
  });

  it('sends each reminder of the policy once, on its day, to the customer with how to pay', async () => {
    clock.set(new Date(`${day0}T12:00:00Z`));
    await settled(
      await app.call('PUT', '/settings/reminders', {
        token: ada.token,
        body: {
          remindersEnabled: true,
          reminderOffsets: [-3, 0, 7],
          notifyOnFirstView: true,
          notifyOnOverdue: false,
        },
      }),
    );
    const bank = await settled(
      await app.post(
        '/settings/payment-methods',
        {
          name: 'Main account',
          type: 'bank_transfer',
          bankName: 'Deutsche Bank',
          iban: 'DE89370400440532013000',
          swift: 'DEUTDEFF',
        },
        as(ada.token),
      ),
    );
    const bankId = (bank.body.paymentMethod as { ID: string }).ID;
    const { id, number } = await issue(
      { issueDate: day0, dueDate: addDays(day0, 5) },
      'remind@customer.example',
      bankId,
    );
    const optedOut = await issue({ issueDate: day0, dueDate: addDays(day0, 5) }, 'opted@out.example');
    await settled(await app.post(`/invoices/${optedOut.id}/reminders`, { enabled: false }, as(ada.token)));
    expect(
      (await app.post(`/invoices/${optedOut.id}/reminders`, { enabled: 'no' }, as(ada.token))).status,
    ).toBe(400);
    expect(
      (await app.post(`/invoices/${optedOut.id}/reminders`, { enabled: true }, as(bob.token))).status,
    ).toBe(404);
    const optedDetails = await app.get(`/invoices/${optedOut.id}`, as(ada.token));
    expect((optedDetails.body.Collection as { RemindersEnabled: boolean }).RemindersEnabled).toBe(false);

    const customer = () => mailsTo('remind@customer.example');
    expect(await tick()).toMatchObject({ reminders: 0 });
    expect(customer()).toHaveLength(0);
    clock.advance(2 * DAY); // due - 3
    await tick();
    await tick();
    expect(customer()).toHaveLength(1);
    const first = readable(customer()[0]?.raw ?? '');
    expect(subjectOf(customer()[0]?.raw ?? '')).toMatch(
      new RegExp(`^Reminder: invoice ${number} is due on `),
    );
    expect(first).toContain('€2,281.56');
    expect(first).toContain(`Reference: ${number}`);
    expect(first).toContain('IBAN: DE89 3704 0044 0532 0130 00');
    expect(first).toContain('Bank: Deutsche Bank');
    // Nothing else about the owner's account: no link into the app, no other invoice, no ids.
    const body = first.slice(first.search(/\r?\n\r?\n/));
    expect(body).not.toMatch(/remit\.test/);
    expect(body).not.toContain('REM-1');
    expect(body).not.toContain(id);
    expect(body).not.toContain(ada.user.id);

    clock.advance(3 * DAY); // the due date
    await tick();
    expect(customer()).toHaveLength(2);
    expect(subjectOf(customer()[1]?.raw ?? '')).toBe(`Invoice ${number} is due today`);
    clock.advance(DAY); // overdue; notifyOnOverdue is off: no owner mail for it
    const ownerMails = mailsTo('ada@example.com').length;
    expect(await tick()).toMatchObject({ overdue: 2, notifications: 0 });
    expect(mailsTo('ada@example.com')).toHaveLength(ownerMails);
    clock.advance(6 * DAY); // due + 7
    await tick();
    expect(customer()).toHaveLength(3);
    expect(subjectOf(customer()[2]?.raw ?? '')).toMatch(
      new RegExp(`^Overdue: invoice ${number} was due on `),
    );

    // The opted-out one got none (an invoice without a customer e-mail: the decider's test).
    expect(mailsTo('opted@out.example')).toHaveLength(0);
    expect(
      (await typesOf(optedOut.id)).filter((type) => /^InvoiceReminder(Sent|Skipped)$/.test(type)),
    ).toEqual([]);
    const sent = (await eventsOf(app, `invoice-${id}`)).filter(
      (event) => event.type === 'InvoiceReminderSent',
    );
    expect(sent.map((event) => event.data.offset)).toEqual([-3, 0, 7]);
    for (const offset of [-3, 0, 7]) {
      expect(await eventsOf(app, `invoice-reminder-${id}-${offset}`)).toEqual([
        { type: 'InvoiceReminderReserved', data: { invoiceId: id, userId: ada.user.id, offset, sent: true } },
      ]);
    }
    const history = await app.get(`/invoices/${id}/history`, as(ada.token));
    const summaries = (history.body.events as { summary: string }[]).map((event) => event.summary);
    expect(summaries).toContain(
      'Payment reminder sent to remind@customer.example (7 days after the due date)',
    );

    // Paid in full: no reminder after that.
    await settled(await app.post(`/invoices/${id}/payments`, {}, as(ada.token)));
    clock.advance(7 * DAY);
    await settled(
      await app.call('PUT', '/settings/reminders', {
        token: ada.token,
        body: {
          remindersEnabled: true,
          reminderOffsets: [-3, 0, 7, 14],
          notifyOnFirstView: true,
          notifyOnOverdue: false,
        },
      }),
    );
    await tick();
    expect(customer()).toHaveLength(3);
  });

  it('after 30 days of downtime mails only the latest reminder due; a restarted process resends nothing', async () => {
    clock.set(new Date(`${day0}T12:00:00Z`));
    await settled(
      await app.call('PUT', '/settings/reminders', {
        token: ada.token,
        body: {
          remindersEnabled: true,
          reminderOffsets: [-3, 0, 7, 14],
          notifyOnFirstView: true,
          notifyOnOverdue: true,
        },
      }),
    );
    const { id, number } = await issue({ issueDate: day0, dueDate: addDays(day0, 5) }, 'late@payer.example');
    clock.advance(30 * DAY);
    const ownerMails = mailsTo('ada@example.com').length;
    await tick();
    await tick();
    const mailed = mailsTo('late@payer.example');
    expect(mailed).toHaveLength(1);
    expect(subjectOf(mailed[0]?.raw ?? '')).toMatch(new RegExp(`^Overdue: invoice ${number}`));
    const reminders = (await eventsOf(app, `invoice-${id}`)).filter((event) =>
      event.type.startsWith('InvoiceReminder'),
    );
    expect(reminders.map((event) => [event.type, event.data.offset])).toEqual([
      ['InvoiceReminderSkipped', -3],
      ['InvoiceReminderSkipped', 0],
      ['InvoiceReminderSkipped', 7],
      ['InvoiceReminderSent', 14],
    ]);
    // Overdue for 25 days when first seen: recorded, but no news for the owner.
    expect(await typesOf(id)).toContain('InvoiceBecameOverdue');
    expect(mailsTo('ada@example.com')).toHaveLength(ownerMails);
    const reservation = await eventsOf(app, `owner-notification-${id}-overdue`);
    expect(reservation.map((event) => event.data.sent)).toEqual([false]);

    // A new process on the same database (a restart): nothing is due again, nothing is mailed.
    const before = mail.messages.length;
    const { startCollectionClock } = await import('@remit/projector');
    const { createEventStore } = await import('@remit/eventstore');
    const { createMailer } = await import('@remit/kit');
    const { createLogger } = await import('@remit/kit');
    const logger = createLogger({ level: 'silent', name: 'restarted' });
    const store = createEventStore(app.database);
    const restarted = startCollectionClock({
      store,
      clock,
      mailer: createMailer(
        { smtpUrl: mail.url, from: 'Remit <no-reply@remit.test>', outboxDir: app.dataDir },
        logger,
      ),
      logger,
      appUrl: 'http://remit.test',
      intervalMs: 0,
    });
    expect(await restarted.tick()).toEqual({ overdue: 0, reminders: 0, notifications: 0, mailed: 0 });
    clock.advance(DAY);
    expect(await restarted.tick()).toMatchObject({ mailed: 0 });
    await restarted.stop();
    await store.close();
    expect(mail.messages.length).toBe(before);
  });

  it('mails the owner once when a customer first views the invoice, never for later views', async () => {
    clock.set(new Date(`${day0}T12:00:00Z`));
    const { id, number } = await issue({ issueDate: day0, dueDate: addDays(day0, 30) }, 'viewer@example.com');
    const made = await settled(await app.post(`/invoices/${id}/share`, {}, as(ada.token)));
    const token = String(made.body.url).split('/i/')[1] ?? '';
    const ownerMails = () =>
      mailsTo('ada@example.com').filter((m) => subjectOf(m.raw).includes(`viewed invoice ${number}`));

    expect((await app.get(`/public/invoices/${token}`)).status).toBe(200);
    await app.remit.caughtUp();
    expect(await tick()).toMatchObject({ notifications: 1, mailed: 1 });
    expect(ownerMails()).toHaveLength(1);
    expect(readable(ownerMails()[0]?.raw ?? '')).toContain('Difference Works opened the link to invoice');

    clock.advance(2 * 3_600_000);
    expect((await app.get(`/public/invoices/${token}`)).status).toBe(200);
    await app.remit.caughtUp();
    expect((await typesOf(id)).filter((type) => type === 'InvoiceViewed')).toHaveLength(2);
    expect(await tick()).toMatchObject({ notifications: 0 });
    expect(ownerMails()).toHaveLength(1);
    expect(await eventsOf(app, `owner-notification-${id}-first_view`)).toHaveLength(1);
  });

  it('builds the same read models from the log as live', async () => {
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);
  });
});
