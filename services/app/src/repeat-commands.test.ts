import { claimCommand } from '@remit/eventstore';
import { testStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from './testing/invoices.js';
import { putSettingsForm } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/**
 * Every command, sent again as it was: with the same `Idempotency-Key` it is answered from the first
 * time and writes nothing; without one, a command whose content is unchanged (compared by value, whatever
 * order jsonb gives the stored data back in) writes nothing either. A refused command leaves nothing.
 */
describe.each(testStores())('commands sent again on %s', (kind) => {
  let app: TestApp;
  let ada: Signed;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SIGNUP_LIMIT_PER_IP_HOUR: '100' } });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
  });
  afterAll(() => app.close());

  async function eventCount(): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await app.database.db.execute(sql`select count(*) as n from events`),
    );
    return Number(row?.n ?? 0);
  }
  async function answersFor(): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await app.database.db.execute(sql`select count(*) as n from command_answers`),
    );
    return Number(row?.n ?? 0);
  }
  const key = (name: string) => ({ 'Idempotency-Key': `${name}-${kind}-0001` });
  const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.call('PUT', path, { token: ada.token, body, headers });

  it('POST /invoices with the same key: one invoice, the first answer again', async () => {
    const payload = invoicePayload({ invoiceNumber: 'R-0001' });
    const first = await postInvoice(app, ada.token, payload, { headers: key('issue') });
    expect(first.status).toBe(201);
    expect(first.body.invoice).toMatchObject({ InvoiceNumber: 'R-0001', Status: 'Draft', Amount: 228156 });
    const before = await eventCount();
    const again = await postInvoice(app, ada.token, payload, { headers: key('issue') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await eventCount()).toBe(before);
    // The same key for another request is refused, and changes nothing.
    const other = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'R-0009' }), {
      headers: key('issue'),
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(await eventCount()).toBe(before);
  });

  it('the same key sent eight times at once: one invoice, and every answer is the first one or "in progress"', async () => {
    const issued = async () => {
      const [row] = rowsOf<{ n: string | number }>(
        await app.database.db.execute(sql`select count(*) as n from events where type = 'InvoiceIssued'`),
      );
      return Number(row?.n ?? 0);
    };
    const before = await issued();
    const payload = invoicePayload({ invoiceNumber: 'R-0100' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postInvoice(app, ada.token, payload, { headers: key('burst') })),
    );
    expect(await issued()).toBe(before + 1);
    const done = answers.filter((answer) => answer.status === 201);
    const waiting = answers.filter((answer) => answer.status === 409);
    expect(done.length + waiting.length).toBe(8);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of waiting) expect(answer.body.code).toBe('in_progress');
    const [first] = done;
    for (const answer of done) expect(answer.body).toEqual(first?.body);
    expect(first?.body.position).toBe(first?.headers.get('x-remit-position'));
    const again = await postInvoice(app, ada.token, payload, { headers: key('burst') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first?.body);
    expect(await issued()).toBe(before + 1);
  });

  it('PUT /invoices/{id} with the same content twice writes one revision', async () => {
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'R-0002' }));
    const id = (created.body.invoice as { ID: string }).ID;
    const revised = invoicePayload({ invoiceNumber: 'R-0002', notes: 'Revised once' });
    expect((await put(`/invoices/${id}`, revised)).status).toBe(200);
    const before = await eventCount();
    const again = await put(`/invoices/${id}`, revised);
    expect(again.status).toBe(200);
    expect(again.body.invoice).toMatchObject({ Notes: 'Revised once' });
    expect(again.body.position).toBeUndefined();
    expect(await eventCount()).toBe(before);
  });

  it('DELETE /invoices/{id} with the same key answers again; without one the invoice is gone', async () => {
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'R-0003' }));
    const id = (created.body.invoice as { ID: string }).ID;
    const remove = () => app.call('DELETE', `/invoices/${id}`, { token: ada.token, headers: key('delete') });
    expect((await remove()).status).toBe(200);
    const before = await eventCount();
    expect((await remove()).status).toBe(200);
    expect(await eventCount()).toBe(before);
    expect((await app.call('DELETE', `/invoices/${id}`, { token: ada.token })).status).toBe(404);
  });

  it('PUT /settings with the same settings (and the same logo) writes nothing the second time', async () => {
    const settings = {
      Name: 'Ada Lovelace',
      DefaultDueDays: 30,
      Settings: {
        CompanyEmail: 'billing@engines.example',
        CompanyAddress: '12 Analytical Street',
        CompanyName: 'Engines & Co',
        DefaultCurrency: 'EUR',
        UserCompanyVAT: 'GB123456789',
      },
    };
    expect((await put('/settings', settings)).status).toBe(200);
    expect(
      (await putSettingsForm(app, ada.token, settings, { bytes: tinyPng, type: 'image/png' })).status,
    ).toBe(200);
    const before = await eventCount();
    const again = await put('/settings', settings);
    expect(again.status).toBe(200);
    expect(
      (await putSettingsForm(app, ada.token, settings, { bytes: tinyPng, type: 'image/png' })).status,
    ).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(again.body.settings).toMatchObject({ Settings: { CompanyName: 'Engines & Co' } });
  });

  it('payment methods: the same add and toggle keys answer again; an unchanged edit writes nothing', async () => {
    const method = { name: 'Main account', type: 'bank_transfer', iban: 'GB82 WEST 1234 5698 7654 32' };
    const add = () =>
      app.post('/settings/payment-methods', method, { token: ada.token, headers: key('add-method') });
    const added = await add();
    expect(added.status).toBe(201);
    const id = (added.body.paymentMethod as { ID: string }).ID;
    let before = await eventCount();
    expect((await add()).body).toEqual(added.body);
    expect(await eventCount()).toBe(before);

    expect(
      (await put(`/settings/payment-methods/${id}`, { ...method, bankName: 'Bank of London' })).status,
    ).toBe(200);
    before = await eventCount();
    expect(
      (await put(`/settings/payment-methods/${id}`, { ...method, bankName: 'Bank of London' })).status,
    ).toBe(200);
    expect(await eventCount()).toBe(before);

    const toggle = () => put(`/settings/payment-methods/${id}/toggle`, {}, key('toggle'));
    const toggled = await toggle();
    expect(toggled.body.paymentMethod).toMatchObject({ IsActive: false });
    before = await eventCount();
    expect((await toggle()).body.paymentMethod).toMatchObject({ IsActive: false });
    expect(await eventCount()).toBe(before);
  });

  it('sign-up, resend, checkout and cancel: the same key, or the same state, writes nothing more', async () => {
    const signUp = () =>
      app.post(
        '/auth/signup',
        { name: 'Grace Hopper', email: 'grace@example.com', password: 'Sunflower42' },
        { headers: key('signup') },
      );
    expect((await signUp()).status).toBe(201);
    let before = await eventCount();
    const again = await signUp();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventCount()).toBe(before);

    const plans = await app.get('/billing/plans');
    const monthly = (plans.body.plans as { id: string; priceId: string }[]).find(
      (plan) => plan.id === 'pro-monthly',
    );
    const checkout = () =>
      app.post(
        '/create-checkout-session',
        { priceId: monthly?.priceId, isOneTime: false },
        { token: ada.token, headers: key('checkout') },
      );
    const started = await checkout();
    expect(started.status).toBe(201);
    before = await eventCount();
    expect((await checkout()).body).toEqual(started.body);
    expect(await eventCount()).toBe(before);

    // Nothing to cancel: refused, nothing written, and the key is free again for the retry that works.
    const cancel = () => app.post('/subscriptions/cancel', {}, { token: ada.token, headers: key('cancel') });
    const answersBefore = await answersFor();
    expect((await cancel()).status).toBe(409);
    expect(await eventCount()).toBe(before);
    expect(await answersFor()).toBe(answersBefore);
  });

  it('a refused command writes no event and keeps no answer', async () => {
    const before = await eventCount();
    const answersBefore = await answersFor();
    const refused = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'bad number!' }), {
      headers: key('refused'),
    });
    expect(refused.status).toBe(400);
    const taken = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'R-0001' }), {
      headers: key('taken'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('invoice_number_taken');
    expect(await eventCount()).toBe(before);
    expect(await answersFor()).toBe(answersBefore);
  });

  it('a key whose request died mid-way is taken over after its lease: the retry runs the command once', async () => {
    const hashed = await import('node:crypto').then(({ createHash }) =>
      createHash('sha256').update(`${ada.user.id}\ncrashed-${kind}-0001`).digest('hex'),
    );
    const payload = invoicePayload({ invoiceNumber: 'R-0005' });
    // What a killed process leaves: a claim with the same request's fingerprint, its lease run out.
    const form = new FormData();
    form.set('invoice', JSON.stringify(payload));
    const fingerprint = await import('node:crypto').then(({ createHash }) =>
      createHash('sha256')
        .update(`POST /invoices\n${JSON.stringify({ invoice: JSON.stringify(payload) })}`)
        .digest('hex'),
    );
    expect((await claimCommand(app.database.db, { key: hashed, fingerprint, leaseMs: 1 })).kind).toBe(
      'claimed',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const retried = await postInvoice(app, ada.token, payload, {
      headers: { 'Idempotency-Key': `crashed-${kind}-0001` },
    });
    expect(retried.status).toBe(201);
    const again = await postInvoice(app, ada.token, payload, {
      headers: { 'Idempotency-Key': `crashed-${kind}-0001` },
    });
    expect(again.body).toEqual(retried.body);
  });
});
