import { type FakeStripe, startFakeStripe } from '@remit/command/testing/fake-stripe';
import { createEventStore, type EventStore, events } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { setClock } from '@remit/kit';
import { max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { deliverWebhook, stripeEnv, stripeEvent } from './testing/stripe.js';
import { signedInUser } from './testing/users.js';

/** 2 × 950.50 + 3 × 0.10, plus 20 % tax: the test invoice's total in cents. */
const TOTAL = 228_156;

/**
 * Customers pay invoices online through Stripe Connect (issue 31), end to end with the real `stripe` SDK
 * against a local fake of Stripe's API: the owner connects an account and finishes Stripe's onboarding,
 * the customer page's checkout is made on that account, and the payment lands on the invoice once,
 * however Stripe's webhooks arrive.
 */
describe.each(httpStores())('online payments through Stripe Connect on %s', (kind) => {
  let fake: FakeStripe;
  let app: TestApp;
  let store: EventStore;
  const clock = setClock();

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp(kind, { env: { ...stripeEnv(fake), BILLING: 'off' }, now: clock });
    store = createEventStore(app.database);
  });
  afterAll(async () => {
    await store.close();
    await app.close();
    await fake.close();
  });

  const requestsTo = (path: string, method = 'POST') =>
    fake.requests.filter((request) => request.path === path && request.method === method);
  const streamTypes = async (streamId: string) =>
    (await store.readStream(streamId)).map((event) => event.type);
  const position = async (streamId: string) =>
    String((await store.readStream(streamId)).at(-1)?.position ?? 0n);

  let owners = 0;
  /** An owner with a connected account that finished onboarding. */
  async function connectedOwner() {
    owners += 1;
    const owner = await signedInUser(app, `connect-owner-${owners}@example.com`, 'Ada Lovelace');
    const connected = await app.post('/online-payments/connect', {}, { token: owner.token });
    expect(connected.status).toBe(200);
    const accountId = connected.body.accountId as string;
    fake.finishOnboarding(accountId);
    const refreshed = await app.post('/online-payments/refresh', {}, { token: owner.token });
    expect(refreshed.body).toMatchObject({ mode: 'connect', provider: 'stripe', state: 'on', accountId });
    return { ...owner, accountId };
  }

  let numbered = 0;
  /** An issued invoice with a customer page link; answers the invoice id and the link's token. */
  async function sharedInvoice(token: string, overrides: Parameters<typeof invoicePayload>[0] = {}) {
    numbered += 1;
    const created = await postInvoice(
      app,
      token,
      invoicePayload({ invoiceNumber: `ONL-${numbered}`, ...overrides }),
    );
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const invoiceId = (created.body.invoice as { ID: string }).ID;
    const shared = await app.post(`/invoices/${invoiceId}/share`, {}, { token });
    const pageToken = (shared.body.url as string).split('/i/')[1] as string;
    return { invoiceId, pageToken };
  }

  async function checkout(pageToken: string) {
    const started = await app.post(`/public/invoices/${pageToken}/checkout`);
    const sessionId = [...fake.sessions.keys()].at(-1) as string;
    return { ...started, sessionId };
  }

  /** The customer page's answer once the read side has applied everything written so far. */
  async function publicView(pageToken: string, invoiceId: string) {
    await app.applied(BigInt(await position(`invoice-${invoiceId}`)));
    const [{ head } = { head: null }] = await store.db.select({ head: max(events.position) }).from(events);
    if (head !== null) await app.applied(BigInt(head));
    return (await app.get(`/public/invoices/${pageToken}`)).body;
  }

  async function payments(invoiceId: string) {
    const events = (await store.readStream(`invoice-${invoiceId}`)).filter(
      (event) => event.type === 'PaymentRecorded' || event.type === 'PaymentReversed',
    );
    return events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
  }

  it('connects an account through Stripe onboarding; the customer pays on Checkout on that account, recorded with its fee', async () => {
    const owner = await signedInUser(app, 'connect-first@example.com', 'Ada Lovelace');
    expect((await app.get('/billing/online-payments', { token: owner.token })).body).toMatchObject({
      mode: 'connect',
      state: 'off',
    });
    const connected = await app.post(
      '/online-payments/connect',
      { accountType: 'express' },
      { token: owner.token },
    );
    const accountId = connected.body.accountId as string;
    expect(connected.body).toMatchObject({
      state: 'pending',
      url: `https://connect.stripe.test/setup/s/${accountId}`,
    });
    expect(requestsTo('/v1/accounts').at(-1)?.body).toMatchObject({
      type: 'express',
      metadata: { userId: owner.user.id },
    });
    expect(requestsTo('/v1/account_links').at(-1)?.body).toEqual({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'http://remit.test/profile?online-payments=return',
      refresh_url: 'http://remit.test/profile?online-payments=refresh',
    });

    // Onboarding unfinished: the customer page offers no Pay button, and a checkout is refused.
    const { invoiceId, pageToken } = await sharedInvoice(owner.token);
    expect((await publicView(pageToken, invoiceId)).payOnline).toBe(false);
    const early = await app.post(`/public/invoices/${pageToken}/checkout`);
    expect(early).toMatchObject({ status: 409, body: { error: 'This invoice cannot be paid online' } });

    // Stripe tells the platform the account finished onboarding (a Connect event, signed).
    fake.finishOnboarding(accountId);
    const updated = {
      ...stripeEvent('account.updated', fake.accounts.get(accountId) as Record<string, unknown>),
      account: accountId,
    };
    expect((await deliverWebhook(app, updated)).body.outcome).toBe('recorded');
    expect((await app.get('/billing/online-payments', { token: owner.token })).body.state).toBe('on');
    const shown = await publicView(pageToken, invoiceId);
    expect(shown).toMatchObject({ payOnline: true, balance: TOTAL, status: 'overdue' });

    const started = await checkout(pageToken);
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`https://checkout.stripe.test/c/pay/${started.sessionId}`);
    const request = requestsTo('/v1/checkout/sessions').at(-1);
    // A direct charge on the owner's account: the money settles to them.
    expect(request?.account).toBe(accountId);
    expect(request?.body).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: String(TOTAL),
            product_data: { name: `Invoice ONL-${numbered}` },
          },
        },
      ],
      customer_email: 'charles@difference.example',
      success_url: `http://remit.test/i/${pageToken}?checkout=return&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://remit.test/i/${pageToken}?checkout=cancelled`,
      payment_intent_data: { metadata: { userId: owner.user.id, invoiceId, purpose: 'invoice-payment' } },
    });

    // A double-click makes the same session (Stripe replays the idempotency key).
    const again = await checkout(pageToken);
    expect(again.body.url).toBe(started.body.url);

    // The customer comes back before the webhook: the return confirms with Stripe and records it.
    const { intent } = fake.pay(started.sessionId, { fee: 3447 });
    const confirmed = await app.post(`/public/invoices/${pageToken}/confirm`, {
      sessionId: started.sessionId,
    });
    expect(confirmed.body).toMatchObject({ paid: true, balance: 0, settled: true });
    expect(await payments(invoiceId)).toEqual([
      {
        type: 'PaymentRecorded',
        data: expect.objectContaining({
          paymentId: intent.id,
          amount: TOTAL,
          currency: 'EUR',
          method: 'card',
          reference: intent.id,
          source: 'stripe',
          fee: 3447,
        }),
      },
    ]);
    // The webhook after it adds nothing.
    const completed = {
      ...stripeEvent(
        'checkout.session.completed',
        fake.sessions.get(started.sessionId) as Record<string, unknown>,
      ),
      account: accountId,
    };
    expect((await deliverWebhook(app, completed)).body.outcome).toBe('unchanged');
    expect(await payments(invoiceId)).toHaveLength(1);
    expect(await publicView(pageToken, invoiceId)).toMatchObject({
      status: 'paid',
      settled: true,
      payOnline: false,
    });
    // Nothing left to pay: a checkout is refused before any charge.
    expect((await app.post(`/public/invoices/${pageToken}/checkout`)).status).toBe(409);
  });

  it('records one payment and one reversal from the same webhooks delivered 10 times, shuffled, with a refund', async () => {
    const owner = await connectedOwner();
    const { invoiceId, pageToken } = await sharedInvoice(owner.token);
    const { sessionId } = await checkout(pageToken);
    const { intent, charge } = fake.pay(sessionId, { method: 'sepa_debit', fee: 35 });
    const on = (event: object) => ({ ...event, account: owner.accountId });
    const completed = on(
      stripeEvent('checkout.session.completed', fake.sessions.get(sessionId) as Record<string, unknown>),
    );
    const succeeded = on(stripeEvent('payment_intent.succeeded', intent));
    const charged = on(stripeEvent('charge.succeeded', charge));
    const shuffle = <T>(list: T[]) =>
      list
        .map((item) => ({ item, key: Math.random() }))
        .sort((a, b) => a.key - b.key)
        .map(({ item }) => item);

    for (const event of shuffle([completed, succeeded, completed, charged])) {
      expect((await deliverWebhook(app, event)).status).toBe(200);
    }
    expect(await streamTypes(`invoice-${invoiceId}`)).toContain('PaymentRecorded');

    // Refunded in Stripe's dashboard; the refund's webhook comes among late and repeated ones.
    const refunded = on(stripeEvent('charge.refunded', fake.refundInDashboard(intent.id as string)));
    const outcomes: unknown[] = [];
    for (const event of shuffle([refunded, completed, refunded, succeeded, refunded, charged])) {
      const delivered = await deliverWebhook(app, event);
      expect(delivered.status).toBe(200);
      outcomes.push(delivered.body.outcome);
    }
    expect(outcomes.filter((outcome) => outcome === 'duplicate').length).toBeGreaterThanOrEqual(4);
    const recorded = await payments(invoiceId);
    expect(recorded.map((event) => event.type)).toEqual(['PaymentRecorded', 'PaymentReversed']);
    expect(recorded[0]?.data).toMatchObject({ method: 'sepa_debit', fee: 35, amount: TOTAL });
    expect(recorded[1]?.data).toMatchObject({ paymentId: intent.id, reason: 'Refunded in Stripe' });
    expect(await publicView(pageToken, invoiceId)).toMatchObject({ balance: TOTAL, payOnline: true });
  });

  it('converges when the refund arrives before the payment, and reverses a dispute', async () => {
    const owner = await connectedOwner();
    const first = await sharedInvoice(owner.token);
    const one = await checkout(first.pageToken);
    const paid = fake.pay(one.sessionId);
    const refundedCharge = fake.refundInDashboard(paid.intent.id as string);
    const on = (event: object) => ({ ...event, account: owner.accountId });
    await deliverWebhook(app, on(stripeEvent('charge.refunded', refundedCharge)));
    await deliverWebhook(
      app,
      on(
        stripeEvent(
          'checkout.session.completed',
          fake.sessions.get(one.sessionId) as Record<string, unknown>,
        ),
      ),
    );
    expect((await payments(first.invoiceId)).map((event) => event.type)).toEqual([
      'PaymentRecorded',
      'PaymentReversed',
    ]);

    const second = await sharedInvoice(owner.token);
    const two = await checkout(second.pageToken);
    const disputed = fake.pay(two.sessionId);
    await deliverWebhook(
      app,
      on(
        stripeEvent(
          'checkout.session.completed',
          fake.sessions.get(two.sessionId) as Record<string, unknown>,
        ),
      ),
    );
    const dispute = fake.dispute(disputed.intent.id as string);
    await deliverWebhook(app, on(stripeEvent('charge.dispute.created', dispute)));
    const reversed = await payments(second.invoiceId);
    expect(reversed.map((event) => event.type)).toEqual(['PaymentRecorded', 'PaymentReversed']);
    expect(reversed[1]?.data.reason).toBe('Disputed by the customer in Stripe');
  });

  it('refuses a second checkout once paid, and refunds the second of two tabs paid at once', async () => {
    const owner = await connectedOwner();
    const { invoiceId, pageToken } = await sharedInvoice(owner.token);
    const tabOne = await checkout(pageToken);
    // The second tab opened its checkout minutes later: a session of its own.
    clock.advance(10 * 60_000);
    const tabTwo = await checkout(pageToken);
    expect(tabTwo.sessionId).not.toBe(tabOne.sessionId);

    const first = fake.pay(tabOne.sessionId);
    const second = fake.pay(tabTwo.sessionId);
    const on = (event: object) => ({ ...event, account: owner.accountId });
    await deliverWebhook(app, on(stripeEvent('checkout.session.completed', first.session)));
    const late = await deliverWebhook(app, on(stripeEvent('checkout.session.completed', second.session)));
    expect(late.body.outcome).toBe('recorded');

    // The second payment went back to the customer, on the owner's account, and the invoice says so.
    const refund = requestsTo('/v1/refunds').at(-1);
    expect(refund).toMatchObject({ account: owner.accountId, body: { payment_intent: second.intent.id } });
    expect(fake.charges.get(second.charge.id as string)?.refunded).toBe(true);
    const recorded = await payments(invoiceId);
    expect(recorded.map((event) => [event.type, event.data.paymentId])).toEqual([
      ['PaymentRecorded', first.intent.id],
      ['PaymentRecorded', second.intent.id],
      ['PaymentReversed', second.intent.id],
    ]);
    expect(recorded[2]?.data.reason).toBe('The invoice was already paid: refunded to the customer');
    expect(await publicView(pageToken, invoiceId)).toMatchObject({
      status: 'paid',
      balance: 0,
      amountPaid: TOTAL,
    });
    // Its repeat refunds nothing more.
    await deliverWebhook(app, on(stripeEvent('charge.succeeded', second.charge)));
    expect(
      requestsTo('/v1/refunds').filter((request) => request.body.payment_intent === second.intent.id),
    ).toHaveLength(1);

    // A third tab now: refused before any charge.
    const third = await app.post(`/public/invoices/${pageToken}/checkout`);
    expect(third).toMatchObject({ status: 409, body: { error: 'This invoice is paid' } });
  });

  it('records a payment made while the owner disconnected the account, and offers no new checkout', async () => {
    const owner = await connectedOwner();
    const { invoiceId, pageToken } = await sharedInvoice(owner.token);
    const { sessionId } = await checkout(pageToken);
    const disconnected = await app.post('/online-payments/disconnect', {}, { token: owner.token });
    expect(disconnected.body).toMatchObject({ state: 'off', accountId: null });

    // The customer was on Stripe's page already: the money is on the owner's account, so it counts.
    const paid = fake.pay(sessionId, { fee: 100 });
    const completed = {
      ...stripeEvent('checkout.session.completed', paid.session),
      account: owner.accountId,
    };
    expect((await deliverWebhook(app, completed)).body.outcome).toBe('recorded');
    const confirmed = await app.post(`/public/invoices/${pageToken}/confirm`, { sessionId });
    expect(confirmed.body).toMatchObject({ paid: true, settled: true });
    expect(await payments(invoiceId)).toHaveLength(1);

    const other = await sharedInvoice(owner.token);
    expect((await publicView(other.pageToken, other.invoiceId)).payOnline).toBe(false);
    expect((await app.post(`/public/invoices/${other.pageToken}/checkout`)).status).toBe(409);
  });

  it("takes another currency in its own minor units, and refunds a payment in a currency not the invoice's", async () => {
    const owner = await connectedOwner();
    const yen = await sharedInvoice(owner.token, {
      currency: 'JPY',
      taxRate: 10,
      items: [{ description: 'エンジン設計', quantity: 1, unitPrice: '120000' }],
    });
    const { sessionId } = await checkout(yen.pageToken);
    expect(requestsTo('/v1/checkout/sessions').at(-1)?.body).toMatchObject({
      line_items: [{ price_data: { currency: 'jpy', unit_amount: '132000' } }],
    });
    const paid = fake.pay(sessionId);
    await deliverWebhook(app, {
      ...stripeEvent('checkout.session.completed', paid.session),
      account: owner.accountId,
    });
    expect((await payments(yen.invoiceId))[0]?.data).toMatchObject({ amount: 132_000, currency: 'JPY' });

    // A payment in euros for a yen invoice (the owner changed the currency while the customer paid).
    const other = await sharedInvoice(owner.token, {
      currency: 'JPY',
      taxRate: 0,
      items: [{ description: 'Punch cards', quantity: 1, unitPrice: '5000' }],
    });
    const euros = await checkout(other.pageToken);
    const wrong = fake.pay(euros.sessionId);
    wrong.intent.currency = 'eur';
    await deliverWebhook(app, {
      ...stripeEvent('payment_intent.succeeded', wrong.intent),
      account: owner.accountId,
    });
    expect(await payments(other.invoiceId)).toEqual([]);
    expect(fake.charges.get(wrong.charge.id as string)?.refunded).toBe(true);
  });

  it("refuses a bad signature with 400 and records nothing; ignores a payment naming another owner's invoice", async () => {
    const owner = await connectedOwner();
    const { invoiceId, pageToken } = await sharedInvoice(owner.token);
    const { sessionId } = await checkout(pageToken);
    const paid = fake.pay(sessionId);
    const event = { ...stripeEvent('checkout.session.completed', paid.session), account: owner.accountId };
    const forged = await deliverWebhook(app, event, 'whsec_not_the_secret');
    expect(forged).toMatchObject({ status: 400, body: { error: 'Invalid Stripe signature' } });
    expect(await payments(invoiceId)).toEqual([]);

    // Another connected account's payment whose metadata names this invoice: it is not the owner's money.
    const mallory = await connectedOwner();
    const hers = await sharedInvoice(mallory.token);
    const herCheckout = await checkout(hers.pageToken);
    const hostile = fake.pay(herCheckout.sessionId);
    (hostile.intent.metadata as Record<string, string>).invoiceId = invoiceId;
    (hostile.intent.metadata as Record<string, string>).userId = owner.user.id;
    const delivered = await deliverWebhook(app, {
      ...stripeEvent('payment_intent.succeeded', hostile.intent),
      account: mallory.accountId,
    });
    expect(delivered.body.outcome).toBe('ignored');
    expect(await payments(invoiceId)).toEqual([]);
  });
});
