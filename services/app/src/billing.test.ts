import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

type Subscription = {
  Status: string;
  PlanName: string;
  BillingCycle: string | null;
  CurrentPeriodEnd: string | null;
  CancelAtPeriodEnd: boolean;
};

describe.each(httpStores())('billing with the built-in sandbox over HTTP on %s', (kind) => {
  let app: TestApp;
  let store: EventStore;
  let priceIds: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SIGNUP_LIMIT_PER_IP_HOUR: '100' } });
    store = createEventStore(app.database);
    const plans = await app.get('/billing/plans');
    priceIds = Object.fromEntries(
      (plans.body.plans as { id: string; priceId: string }[]).map((plan) => [plan.id, plan.priceId]),
    );
  });
  afterAll(() => app.close());

  /** The sandbox's checkout page and its Pay/Cancel buttons, as the browser would use them. */
  async function checkoutPage(url: string) {
    const path = new URL(url).pathname;
    const page = await fetch(`${app.base}${path}`);
    return { path, status: page.status, html: await page.text() };
  }
  async function press(url: string, button: 'pay' | 'cancel') {
    const response = await fetch(`${app.base}${new URL(url).pathname}/${button}`, {
      method: 'POST',
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location') ?? '' };
  }
  async function eventsOf(userId: string, type: string) {
    return (await store.readStream(`subscription-${userId}`)).filter((event) => event.type === type);
  }
  async function subscribed(token: string, position?: string) {
    const answer = await app.get('/check-subscription', {
      token,
      ...(position ? { headers: { 'X-Remit-Position': position } } : {}),
    });
    return answer.body.subscribed as boolean;
  }
  async function checkout(token: string, body: Record<string, unknown>) {
    return app.post('/create-checkout-session', body, { token });
  }

  it('lists the three plans of spec §9 with their sandbox price ids', async () => {
    const plans = await app.get('/billing/plans');
    expect(plans.body.provider).toBe('sandbox');
    expect(plans.body.plans).toEqual([
      expect.objectContaining({ id: 'per-invoice', amount: 399, currency: 'EUR', interval: null }),
      expect.objectContaining({ id: 'pro-monthly', amount: 999, currency: 'EUR', interval: 'month' }),
      expect.objectContaining({ id: 'pro-yearly', amount: 8399, currency: 'EUR', interval: 'year' }),
    ]);
  });

  it('subscribes monthly: checkout page, pay, back to /success, confirmed once however often it is asked', async () => {
    const { token, user } = await signedInUser(app, 'monthly@example.com');
    expect(await subscribed(token)).toBe(false);

    const started = await checkout(token, {
      priceId: priceIds['pro-monthly'],
      isOneTime: false,
      planName: 'Pro Monthly',
    });
    expect(started.status).toBe(201);
    const url = started.body.url as string;
    const sessionId = started.body.sessionId as string;
    expect(url).toBe(`http://remit.test/api/billing/sandbox/checkout/${sessionId}`);

    const page = await checkoutPage(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Test checkout');
    expect(page.html).toContain('No real payment is made');
    expect(page.html).toContain('Pro Monthly');
    expect(page.html).toContain('€9.99');

    // Not paid yet: the server asks the provider, whatever the browser claims.
    const early = await app.post('/confirm-subscription', { sessionId }, { token });
    expect(early.status).toBe(402);

    const paid = await press(url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://remit.test/success?session_id=${sessionId}`);

    const confirmed = await app.post('/confirm-subscription', { sessionId, userId: user.id }, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ kind: 'subscription', subscribed: true, invoiceId: null });
    const subscription = confirmed.body.subscription as Subscription;
    expect(subscription).toMatchObject({
      Status: 'active',
      PlanName: 'Pro',
      BillingCycle: 'monthly',
      CancelAtPeriodEnd: false,
    });
    const month = new Date(subscription.CurrentPeriodEnd ?? 0).getTime() - Date.now();
    expect(month / 86_400_000).toBeGreaterThan(27);
    expect(month / 86_400_000).toBeLessThan(32);
    expect(await subscribed(token, confirmed.body.position as string)).toBe(true);

    const again = await app.post('/confirm-payment', { sessionId }, { token });
    expect(again.status).toBe(200);
    expect(again.body.subscribed).toBe(true);
    expect(await eventsOf(user.id, 'SubscriptionActivated')).toHaveLength(1);

    const read = await app.get('/subscription', {
      token,
      headers: { 'X-Remit-Position': again.body.position as string },
    });
    expect(read.body.subscription).toMatchObject({
      Status: 'active',
      PlanName: 'Pro',
      BillingCycle: 'monthly',
    });

    const twice = await checkout(token, { plan: 'pro-yearly' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('already_subscribed');
  });

  it('subscribes yearly, shown as a yearly Pro plan', async () => {
    const { token } = await signedInUser(app, 'yearly@example.com');
    const started = await checkout(token, { plan: 'pro-yearly' });
    const page = await checkoutPage(started.body.url as string);
    expect(page.html).toContain('€83.99');
    await press(started.body.url as string, 'pay');
    const confirmed = await app.post(
      '/confirm-subscription',
      { sessionId: started.body.sessionId },
      { token },
    );
    const subscription = confirmed.body.subscription as Subscription;
    expect(subscription).toMatchObject({ Status: 'active', PlanName: 'Pro', BillingCycle: 'yearly' });
    const days = (new Date(subscription.CurrentPeriodEnd ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
  });

  it('buys one invoice: it opens, shows as paid, can no longer change, and is bought once', async () => {
    const { token, user } = await signedInUser(app, 'buyer@example.com');
    const ids: string[] = [];
    let issued = '';
    for (const number of ['BUY-001', 'BUY-002']) {
      const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number }));
      ids.push((created.body.invoice as { ID: string }).ID);
      issued = String(created.body.position);
    }
    const older = ids[0] as string;
    const locked = await app.get(`/invoices/${older}`, { token, headers: { 'X-Remit-Position': issued } });
    expect(locked.status).toBe(402);

    const started = await checkout(token, {
      priceId: priceIds['per-invoice'],
      isOneTime: true,
      invoiceId: older,
    });
    expect(started.status).toBe(201);
    const page = await checkoutPage(started.body.url as string);
    expect(page.html).toContain('€3.99');
    expect(page.html).toContain('Pay per invoice');
    const paid = await press(started.body.url as string, 'pay');
    expect(paid.location).toBe(
      `http://remit.test/success?session_id=${started.body.sessionId}&invoice_id=${older}`,
    );

    const body = { sessionId: started.body.sessionId, invoiceId: older, userId: user.id };
    const confirmed = await app.post('/confirm-one-time-payment', body, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ kind: 'invoice', invoiceId: older, subscribed: false });
    const again = await app.post('/confirm-one-time-payment', body, { token });
    expect(again.status).toBe(200);
    expect(await eventsOf(user.id, 'InvoicePurchased')).toHaveLength(1);

    const position = { 'X-Remit-Position': again.body.position as string };
    const opened = await app.get(`/invoices/${older}`, { token, headers: position });
    expect(opened.status).toBe(200);
    expect(opened.body.Status).toBe('paid');
    const listed = await app.get('/invoices', { token, headers: position });
    const rows = listed.body.invoices as { ID: string; Status: string; locked: boolean }[];
    expect(rows.find((row) => row.ID === older)).toMatchObject({ Status: 'paid', locked: false });
    expect(await subscribed(token)).toBe(false);

    const history = await app.get(`/invoices/${older}/history`, { token, headers: position });
    const entries = history.body.events as { type: string; summary: string }[];
    expect(entries.at(-1)).toMatchObject({ type: 'InvoicePaidFor', summary: 'Paid for one-time (€3.99)' });

    const revised = await app.call('PUT', `/invoices/${older}`, {
      token,
      body: invoicePayload({ invoiceNumber: 'BUY-001', notes: 'Changed after payment' }),
    });
    expect(revised.status).toBe(409);
    expect(revised.body.code).toBe('invoice_paid');

    const rebuy = await checkout(token, {
      priceId: priceIds['per-invoice'],
      isOneTime: true,
      invoiceId: older,
    });
    expect(rebuy.status).toBe(409);
    expect(rebuy.body.code).toBe('invoice_already_open');

    const wrongInvoice = await app.post(
      '/confirm-one-time-payment',
      { sessionId: started.body.sessionId, invoiceId: ids[1] },
      { token },
    );
    expect(wrongInvoice.status).toBe(400);
  });

  it('counts a payment whose browser never comes back', async () => {
    const { token } = await signedInUser(app, 'gone@example.com');
    const started = await checkout(token, { plan: 'pro-monthly' });
    await press(started.body.url as string, 'pay');
    await expect.poll(() => subscribed(token), { timeout: 5_000 }).toBe(true);
  });

  it('cancel on the checkout page goes back to /subscription and changes nothing', async () => {
    const { token, user } = await signedInUser(app, 'cancel-checkout@example.com');
    const started = await checkout(token, { plan: 'pro-monthly' });
    const cancelled = await press(started.body.url as string, 'cancel');
    expect(cancelled).toEqual({ status: 303, location: 'http://remit.test/subscription' });
    expect(await eventsOf(user.id, 'SubscriptionActivated')).toHaveLength(0);
    const confirm = await app.post('/confirm-subscription', { sessionId: started.body.sessionId }, { token });
    expect(confirm.status).toBe(402);
  });

  it('cancels at period end and resumes, keeping access throughout', async () => {
    const { token, user } = await signedInUser(app, 'cancel@example.com');
    const nothing = await app.post('/subscriptions/cancel', {}, { token });
    expect(nothing.status).toBe(409);

    const started = await checkout(token, { plan: 'pro-monthly' });
    await press(started.body.url as string, 'pay');
    await app.post('/confirm-subscription', { sessionId: started.body.sessionId }, { token });

    const cancelled = await app.post('/subscriptions/cancel', {}, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ Status: 'active', CancelAtPeriodEnd: true });
    expect(await subscribed(token, cancelled.body.position as string)).toBe(true);
    const read = await app.get('/subscription', {
      token,
      headers: { 'X-Remit-Position': cancelled.body.position as string },
    });
    expect(read.body.subscription).toMatchObject({ CancelAtPeriodEnd: true });
    // The spec's alias, a second time: nothing more happens.
    expect((await app.post('/subscription/cancel', {}, { token })).status).toBe(200);
    expect(await eventsOf(user.id, 'SubscriptionCancellationScheduled')).toHaveLength(1);

    const resumed = await app.post('/subscriptions/resume', {}, { token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscription).toMatchObject({ Status: 'active', CancelAtPeriodEnd: false });
    expect(await eventsOf(user.id, 'SubscriptionResumed')).toHaveLength(1);
  });

  it('refuses forged and foreign sessions and other people’s invoices', async () => {
    const owner = await signedInUser(app, 'owner@example.com');
    const other = await signedInUser(app, 'other@example.com');
    const created = await postInvoice(app, owner.token, invoicePayload({ invoiceNumber: 'OWN-001' }));
    const invoiceId = (created.body.invoice as { ID: string }).ID;
    // A newer one, so OWN-001 is locked and can be bought (the newest is open for free).
    await postInvoice(app, owner.token, invoicePayload({ invoiceNumber: 'OWN-002' }));

    const foreignInvoice = await checkout(other.token, { plan: 'per-invoice', isOneTime: true, invoiceId });
    expect(foreignInvoice.status).toBe(404);
    const noInvoice = await checkout(other.token, { plan: 'per-invoice', isOneTime: true });
    expect(noInvoice.status).toBe(400);
    const badPrice = await checkout(other.token, { priceId: 'price_made_up' });
    expect(badPrice.status).toBe(400);
    const mismatch = await checkout(other.token, { plan: 'pro-monthly', isOneTime: true });
    expect(mismatch.status).toBe(400);

    const started = await checkout(owner.token, { plan: 'per-invoice', isOneTime: true, invoiceId });
    await press(started.body.url as string, 'pay');
    const stolen = await app.post(
      '/confirm-one-time-payment',
      { sessionId: started.body.sessionId, invoiceId },
      { token: other.token },
    );
    expect(stolen.status).toBe(404);
    const forged = await app.post(
      '/confirm-payment',
      { sessionId: 'cs_sandbox_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { token: owner.token },
    );
    expect(forged.status).toBe(404);
    const empty = await app.post('/confirm-payment', {}, { token: owner.token });
    expect(empty.status).toBe(400);
    expect(await eventsOf(other.user.id, 'InvoicePurchased')).toHaveLength(0);
    const unsigned = await app.post('/create-checkout-session', { plan: 'pro-monthly' });
    expect(unsigned.status).toBe(401);
    const unknownPage = await checkoutPage('http://remit.test/api/billing/sandbox/checkout/cs_sandbox_nope');
    expect(unknownPage.status).toBe(404);
  });

  it('rebuilds the subscription and purchase read models equal to the live ones', async () => {
    // Every projection past the log's last event (the query waits for it), then compare.
    const { token } = await signedInUser(app, 'auditor@example.com');
    const result = await app.database.db.execute(sql`select max(position)::text as last from events`);
    const rows = Array.isArray(result) ? result : (result as { rows: { last: string }[] }).rows;
    const last = (rows[0] as { last: string }).last;
    const waited = await app.get('/check-subscription', { token, headers: { 'X-Remit-Position': last } });
    expect(waited.status).toBe(200);
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.filter((report) => report.differences.length > 0)).toEqual([]);
  });
});
