import { addDays } from '@remit/contracts';
import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import {
  createLogger,
  createMailer,
  type Scheduler,
  type SetClock,
  setClock,
  startScheduler,
} from '@remit/kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload } from './testing/invoices.js';
import { startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';
import { subscribe } from './testing/profile.js';

type Mail = Awaited<ReturnType<typeof startMailCatcher>>;
interface User {
  token: string;
  user: { id: string };
}

/** What the owner sees: the invoices list (GET /invoices), numbers and issue dates in the order issued. */
async function invoicesOf(app: TestApp, user: User) {
  const answer = await app.get('/invoices?limit=100', { token: user.token });
  expect(answer.status).toBe(200);
  const rows = (answer.body.invoices ?? answer.body.items) as { number?: string; invoiceNumber?: string }[];
  return rows;
}

/** The invoices a user's log holds (`InvoiceIssued`), oldest first: number and issue date. */
async function issuedOf(app: TestApp, userId: string) {
  const result = await app.database.db.execute(
    sql`select data->>'number' as number, data->>'issueDate' as "issueDate", data->>'dueDate' as "dueDate"
        from events where type = 'InvoiceIssued' and data->>'userId' = ${userId} order by position`,
  );
  return (result as unknown as { rows: { number: string; issueDate: string; dueDate: string }[] }).rows;
}

async function setUp(kind: Parameters<typeof startTestApp>[0], clock: SetClock, mail: Mail, email: string) {
  const app = await startTestApp(kind, {
    now: clock,
    env: { SMTP_URL: mail.url, SESSION_TTL_HOURS: '2160' },
  });
  const before = mail.messages.length;
  expect(
    (await app.post('/auth/signup', { name: 'Ada Lovelace', email, password: 'Sunflower42' })).status,
  ).toBe(201);
  const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
  const verified = await app.post('/auth/verify-email', { email, token: link?.token });
  const user = { token: String(verified.body.token), user: verified.body.user as { id: string } };
  await subscribe(app, user);
  return { app, user };
}

/** One tick of the scheduler, then every read model caught up with what it wrote. */
async function tick(app: TestApp, scheduler: Scheduler = app.remit.collectionClock) {
  const report = await scheduler.tick();
  await app.remit.caughtUp();
  return report;
}

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  invoice: invoicePayload({ invoiceNumber: 'TPL-1', issueDate: '2027-01-01', dueDate: '2027-01-15' }),
  frequency: 'monthly',
  startDate: '2027-01-15',
  mode: 'draft',
  ...overrides,
});

async function create(app: TestApp, user: User, body: Record<string, unknown>, key?: string) {
  const answer = await app.post('/recurring', body, {
    token: user.token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  await app.applied(BigInt(String(answer.body.position)));
  return String(answer.body.id);
}

describe.each(httpStores())('recurring invoices on %s', (kind) => {
  let mail: Mail;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail?.close();
  });

  it('refuses bad input with 400, answers a repeated POST once, keeps profiles to their owner', async () => {
    const clock = setClock('2027-01-10T09:00:00Z');
    const { app, user } = await setUp(kind, clock, mail, 'rules@example.com');
    try {
      const bad = await app.post(
        '/recurring',
        profileBody({ frequency: 'daily', startDate: '2027-02-30', count: 0, timeZone: 'Mars/Olympus' }),
        { token: user.token },
      );
      expect(bad.status).toBe(400);
      expect(Object.keys((bad.body.fields ?? {}) as object)).toEqual(
        expect.arrayContaining(['frequency', 'startDate', 'count', 'timeZone']),
      );
      expect((await app.post('/recurring', { invoice: {} }, { token: user.token })).status).toBe(400);

      const first = await create(app, user, profileBody(), 'recurring-create-0001');
      const again = await app.post('/recurring', profileBody(), {
        token: user.token,
        headers: { 'Idempotency-Key': 'recurring-create-0001' },
      });
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first);
      const list = await app.get('/recurring', { token: user.token });
      const profiles = list.body.profiles as Record<string, unknown>[];
      expect(profiles).toHaveLength(1);
      expect(profiles[0]).toMatchObject({
        id: first,
        status: 'active',
        nextRun: '2027-01-15',
        customerName: 'Difference Works',
        invoicesIssued: 0,
        lastInvoice: null,
        // The client has no terms on file: the template's 14 days.
        preview: { issueDate: '2027-01-15', dueDate: '2027-01-29' },
      });

      const other = await setUpSecondUser(app, mail, 'mallory@example.com');
      expect((await app.get(`/recurring/${first}`, { token: other.token })).status).toBe(404);
      expect((await app.post(`/recurring/${first}/pause`, {}, { token: other.token })).status).toBe(404);
      expect((await app.call('DELETE', `/recurring/${first}`, { token: other.token })).status).toBe(404);
      expect((await app.get('/recurring/not-an-id', { token: user.token })).status).toBe(404);
      const deleted = await app.call('DELETE', `/recurring/${first}`, { token: user.token });
      expect(deleted.status).toBe(200);
      await app.applied(BigInt(String(deleted.body.position)));
      expect((await app.get('/recurring', { token: user.token })).body.profiles).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('issues the 31st on the last day of February and on the 31st again in March', async () => {
    const clock = setClock('2027-01-31T10:00:00Z');
    const { app, user } = await setUp(kind, clock, mail, 'february@example.com');
    try {
      await create(app, user, profileBody({ startDate: '2027-01-31', dayOfMonth: 31 }));
      for (const day of ['2027-01-31', '2027-02-28', '2027-03-31']) {
        clock.set(`${day}T10:00:00Z`);
        expect((await tick(app)).recurring).toBe(1);
        expect(await tick(app)).not.toHaveProperty('recurring');
      }
      const issued = await issuedOf(app, user.user.id);
      expect(issued.map((invoice) => invoice.issueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
      expect(issued.map((invoice) => invoice.dueDate)).toEqual(['2027-02-14', '2027-03-14', '2027-04-14']);
      expect(issued.map((invoice) => invoice.number)).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('after three monthly periods down issues each once, oldest first, or none when the owner chose skip', async () => {
    const clock = setClock('2027-01-15T08:00:00Z');
    const { app, user } = await setUp(kind, clock, mail, 'downtime@example.com');
    try {
      const issuing = await create(app, user, profileBody({ missed: 'issue' }));
      await create(
        app,
        user,
        profileBody({ missed: 'skip', invoice: invoicePayload({ customerEmail: 'skip@example.com' }) }),
      );
      expect((await tick(app)).recurring).toBe(2);
      // Down from 16 January to 1 May: February, March and April were missed.
      clock.set('2027-05-01T08:00:00Z');
      // Months outlive the session: the owner signs in again to look.
      const login = await app.post('/auth/login', { email: 'downtime@example.com', password: 'Sunflower42' });
      user.token = String(login.body.token);
      const reports = [await tick(app), await tick(app), await tick(app), await tick(app)];
      expect(reports.map((report) => report.recurring ?? 0)).toEqual([1, 1, 1, 0]);
      const detail = await app.get(`/recurring/${issuing}`, { token: user.token });
      const runs = detail.body.runs as { date: string; issueDate: string }[];
      expect(runs.map((run) => run.date)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15', '2027-04-15']);
      expect(runs.slice(1).map((run) => run.issueDate)).toEqual(['2027-05-01', '2027-05-01', '2027-05-01']);
      expect(detail.body.nextRun).toBe('2027-05-15');
      // The skipping profile issued January only, and goes on in May.
      const issued = await issuedOf(app, user.user.id);
      expect(issued).toHaveLength(5);
      const list = (await app.get('/recurring', { token: user.token })).body.profiles as {
        missed: string;
        invoicesIssued: number;
        nextRun: string;
      }[];
      expect(list.find((profile) => profile.missed === 'skip')).toMatchObject({
        invoicesIssued: 1,
        nextRun: '2027-05-15',
      });
      const history = (await app.get(`/recurring/${issuing}`, { token: user.token })).body.history as {
        text: string;
      }[];
      expect(history.map((entry) => entry.text)).toContain(
        'Invoice INV-0004 issued for 2027-03-15 (not sent)',
      );
    } finally {
      await app.close();
    }
  }, 120_000);

  it('skips the period that came while paused, and issues the next one after resuming', async () => {
    const clock = setClock('2027-01-15T08:00:00Z');
    const { app, user } = await setUp(kind, clock, mail, 'paused@example.com');
    try {
      const id = await create(app, user, profileBody());
      expect((await tick(app)).recurring).toBe(1);
      clock.set('2027-02-10T08:00:00Z');
      const paused = await app.post(`/recurring/${id}/pause`, {}, { token: user.token });
      expect(paused.status).toBe(200);
      await app.applied(BigInt(String(paused.body.position)));
      expect((await app.get(`/recurring/${id}`, { token: user.token })).body.status).toBe('paused');
      clock.set('2027-02-15T08:00:00Z');
      expect(await tick(app)).not.toHaveProperty('recurring');
      clock.set('2027-02-20T08:00:00Z');
      const resumed = await app.post(`/recurring/${id}/resume`, {}, { token: user.token });
      expect(resumed.status).toBe(200);
      await app.applied(BigInt(String(resumed.body.position)));
      expect(await tick(app)).not.toHaveProperty('recurring');
      const detail = await app.get(`/recurring/${id}`, { token: user.token });
      expect(detail.body).toMatchObject({ status: 'active', nextRun: '2027-03-15', invoicesIssued: 1 });
      clock.set('2027-03-15T08:00:00Z');
      expect((await tick(app)).recurring).toBe(1);
      expect((await issuedOf(app, user.user.id)).map((invoice) => invoice.issueDate)).toEqual([
        '2027-01-15',
        '2027-03-15',
      ]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it("runs on the owner's day: Auckland's New Year comes while UTC is still on 31 December", async () => {
    const clock = setClock('2026-12-31T12:00:00Z');
    const { app, user } = await setUp(kind, clock, mail, 'zones@example.com');
    try {
      await create(app, user, profileBody({ startDate: '2027-01-01', timeZone: 'Pacific/Auckland' }));
      await create(
        app,
        user,
        profileBody({
          startDate: '2027-01-01',
          timeZone: 'America/Los_Angeles',
          invoice: invoicePayload({
            customerEmail: 'la@example.com',
            issueDate: '2027-01-01',
            dueDate: '2027-01-01',
          }),
        }),
      );
      // 12:00 UTC on 31 December is 01:00 on 1 January in Auckland, 04:00 on 31 December in Los Angeles.
      expect((await tick(app)).recurring).toBe(1);
      expect((await issuedOf(app, user.user.id)).map((invoice) => invoice.issueDate)).toEqual(['2027-01-01']);
      // 05:00 UTC on 1 January is still 21:00 on 31 December in Los Angeles.
      clock.set('2027-01-01T05:00:00Z');
      expect(await tick(app)).not.toHaveProperty('recurring');
      clock.set('2027-01-01T08:00:00Z');
      expect((await tick(app)).recurring).toBe(1);
      expect((await issuedOf(app, user.user.id)).map((invoice) => invoice.issueDate)).toEqual([
        '2027-01-01',
        '2027-01-01',
      ]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('issues and sends 12 invoices over a simulated year exactly once across two schedulers and a restart', async () => {
    const clock = setClock('2027-01-15T07:00:00Z');
    const { app, user } = await setUp(kind, clock, mail, 'year@example.com');
    const logger = createLogger({ level: 'silent', name: 'second' });
    const stores: EventStore[] = [];
    const secondScheduler = () => {
      const store = createEventStore(app.database);
      stores.push(store);
      return startScheduler({
        store,
        clock,
        mailer: createMailer(
          { smtpUrl: mail.url, from: 'Remit <no-reply@remit.test>', outboxDir: app.dataDir },
          logger,
        ),
        logger,
        appUrl: 'http://remit.test',
        intervalMs: 0,
        jobs: [...app.remit.collectionClock.jobs],
      });
    };
    let second = secondScheduler();
    try {
      const customer = 'retainer@difference.example';
      const id = await create(
        app,
        user,
        profileBody({ mode: 'send', invoice: invoicePayload({ customerEmail: customer }) }),
      );
      const before = mail.messages.length;
      for (let month = 0; month < 12; month++) {
        const day = `2027-${String(month + 1).padStart(2, '0')}-15`;
        clock.set(`${day}T07:00:00Z`);
        if (month === 6) {
          // The second instance restarts mid-year.
          await second.stop();
          second = secondScheduler();
        }
        // Both instances tick at the same moment, twice: issue, then send.
        for (let round = 0; round < 2; round++) {
          await Promise.all([app.remit.collectionClock.tick(), second.tick(), second.tick()]);
          await app.remit.caughtUp();
        }
      }
      await tick(app);
      await tick(app, second);
      const issued = await issuedOf(app, user.user.id);
      expect(issued.map((invoice) => invoice.issueDate)).toEqual(
        Array.from({ length: 12 }, (_, month) => `2027-${String(month + 1).padStart(2, '0')}-15`),
      );
      expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(12);
      const sends = mail.messages.slice(before).filter((message) => message.to.includes(customer));
      expect(sends).toHaveLength(12);
      const ownerMails = mail.messages
        .slice(before)
        .filter(
          (message) => message.to.includes('year@example.com') && /Recurring invoice/.test(message.raw),
        );
      expect(ownerMails).toHaveLength(12);
      // A year outlives the session: the owner signs in again to look.
      const login = await app.post('/auth/login', { email: 'year@example.com', password: 'Sunflower42' });
      user.token = String(login.body.token);
      const detail = await app.get(`/recurring/${id}`, { token: user.token });
      expect((detail.body.runs as { sent: boolean }[]).every((run) => run.sent)).toBe(true);
      expect(detail.body).toMatchObject({ invoicesIssued: 12, nextRun: '2028-01-15' });
      expect(await invoicesOf(app, user)).toHaveLength(12);
      expect(addDays('2027-12-15', 31)).toBe('2028-01-15');
    } finally {
      await second.stop();
      for (const store of stores) await store.close();
      await app.close();
    }
  }, 300_000);
});

async function setUpSecondUser(app: TestApp, mail: Mail, email: string): Promise<User> {
  const before = mail.messages.length;
  expect((await app.post('/auth/signup', { name: 'Mallory', email, password: 'Sunflower42' })).status).toBe(
    201,
  );
  const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
  const verified = await app.post('/auth/verify-email', { email, token: link?.token });
  return { token: String(verified.body.token), user: verified.body.user as { id: string } };
}
