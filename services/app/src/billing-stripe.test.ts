import { type FakeStripe, startFakeStripe } from '@remit/command/testing/fake-stripe';
import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

const WEBHOOK_SECRET = 'whsec_remit_test_secret';
const prices = { perInvoice: 'price_per_invoice', monthly: 'price_pro_monthly', yearly: 'price_pro_yearly' };
const signer = new Stripe('sk_test_signer');

describe.each(httpStores())(
  'billing through the Stripe SDK against a local fake of its API on %s',
  (kind) => {
    let fake: FakeStripe;
    let app: TestApp;
    let store: EventStore;

    beforeAll(async () => {
      fake = await startFakeStripe();
      app = await startTestApp(kind, {
        env: {
          STRIPE_SECRET_KEY: 'sk_test_remit',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PRICE_PER_INVOICE: prices.perInvoice,
          STRIPE_PRICE_PRO_MONTHLY: prices.monthly,
          STRIPE_PRICE_PRO_YEARLY: prices.yearly,
          STRIPE_API_URL: fake.url,
        },
      });
      store = createEventStore(app.database);
    });
    afterAll(async () => {
      await app.close();
      await fake.close();
    });

    const requestsTo = (path: string, method = 'POST') =>
      fake.requests.filter((request) => request.path === path && request.method === method);

    let eventCount = 0;
    function stripeEvent(
      type: string,
      object: Record<string, unknown>,
      created = Math.floor(Date.now() / 1000),
    ) {
      eventCount += 1;
      return {
        id: `evt_test_${eventCount}_${Date.now()}`,
        object: 'event',
        type,
        created,
        data: { object },
        api_version: '2026-10-28.endive',
        livemode: false,
      };
    }
    async function deliver(event: object, { secret = WEBHOOK_SECRET }: { secret?: string } = {}) {
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      const response = await fetch(`${app.base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }
    const streamEvents = async (streamId: string, type?: string) =>
      (await store.readStream(streamId)).filter((event) => !type || event.type === type);
    /** The last position written to a stream, for read-your-writes after a webhook (which answers none). */
    async function positionOf(streamId: string) {
      return String((await store.readStream(streamId)).at(-1)?.position ?? 0n);
    }
    async function subscriptionOf(token: string, userId: string) {
      const position = await positionOf(`subscription-${userId}`);
      return (await app.get('/subscription', { token, headers: { 'X-Remit-Position': position } })).body
        .subscription as Record<string, unknown> | null;
    }
    it('offers the configured Stripe prices', async () => {
      const plans = await app.get('/billing/plans');
      expect(plans.body.provider).toBe('stripe');
      expect((plans.body.plans as { priceId: string }[]).map((plan) => plan.priceId)).toEqual([
        prices.perInvoice,
        prices.monthly,
        prices.yearly,
      ]);
    });

    it('subscribes: one customer, a subscription-mode Checkout Session with our URLs and metadata, confirmed with Stripe', async () => {
      const { token, user } = await signedInUser(app, 'stripe-sub@example.com', 'Ada Lovelace');
      const started = await app.post(
        '/create-checkout-session',
        { priceId: prices.monthly, isOneTime: false, planName: 'Pro Monthly' },
        { token },
      );
      expect(started.status).toBe(201);
      const sessionId = started.body.sessionId as string;
      expect(started.body.url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

      const [customer] = requestsTo('/v1/customers');
      expect(customer?.body).toMatchObject({
        email: 'stripe-sub@example.com',
        name: 'Ada Lovelace',
        metadata: { userId: user.id },
      });
      const session = requestsTo('/v1/checkout/sessions').at(-1);
      expect(session?.body).toMatchObject({
        mode: 'subscription',
        customer: [...fake.customers.keys()][0],
        client_reference_id: user.id,
        line_items: [{ price: prices.monthly, quantity: '1' }],
        success_url: 'http://remit.test/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://remit.test/subscription',
        metadata: { userId: user.id, plan: 'pro-monthly' },
        subscription_data: { metadata: { userId: user.id, plan: 'pro-monthly' } },
      });

      // The browser claims success before paying: Stripe says the session is open, so nothing happens.
      expect((await app.post('/confirm-subscription', { sessionId }, { token })).status).toBe(402);

      fake.complete(sessionId);
      const confirmed = await app.post('/confirm-subscription', { sessionId }, { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        subscribed: true,
        subscription: { Status: 'active', PlanName: 'Pro', BillingCycle: 'monthly' },
      });
      const retrieved = requestsTo(`/v1/checkout/sessions/${sessionId}`, 'GET').at(-1);
      expect(retrieved?.body).toMatchObject({ expand: ['subscription'] });

      // Cancel at period end and resume go to Stripe's subscription.
      const subscriptionId = fake.sessions.get(sessionId)?.subscription as string;
      const cancelled = await app.post('/subscriptions/cancel', {}, { token });
      expect(cancelled.body.subscription).toMatchObject({ CancelAtPeriodEnd: true, Status: 'active' });
      expect(requestsTo(`/v1/subscriptions/${subscriptionId}`).at(-1)?.body).toEqual({
        cancel_at_period_end: 'true',
      });
      const resumed = await app.post('/subscriptions/resume', {}, { token });
      expect(resumed.body.subscription).toMatchObject({ CancelAtPeriodEnd: false });
      expect(requestsTo(`/v1/subscriptions/${subscriptionId}`).at(-1)?.body).toEqual({
        cancel_at_period_end: 'false',
      });
    });

    it('buys one invoice in payment mode; a webhook counts it though the browser never returns, once', async () => {
      const { token, user } = await signedInUser(app, 'stripe-buyer@example.com');
      const ids: string[] = [];
      // STR-003 is the newest, open for free; the two before it are locked and can be bought.
      for (const number of ['STR-001', 'STR-002', 'STR-003']) {
        const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number }));
        ids.push((created.body.invoice as { ID: string }).ID);
      }
      const invoiceId = ids[0] as string;
      const customersBefore = requestsTo('/v1/customers').length;
      const started = await app.post(
        '/create-checkout-session',
        { priceId: prices.perInvoice, isOneTime: true, invoiceId },
        { token },
      );
      expect(started.status).toBe(201);
      const request = requestsTo('/v1/checkout/sessions').at(-1);
      expect(request?.body).toMatchObject({
        mode: 'payment',
        line_items: [{ price: prices.perInvoice, quantity: '1' }],
        success_url: `http://remit.test/success?session_id={CHECKOUT_SESSION_ID}&invoice_id=${invoiceId}`,
        metadata: { userId: user.id, plan: 'per-invoice', invoiceId },
        payment_intent_data: { metadata: { userId: user.id, invoiceId } },
      });
      // A second checkout reuses the user's Stripe customer.
      await app.post(
        '/create-checkout-session',
        { priceId: prices.perInvoice, isOneTime: true, invoiceId: ids[1] },
        { token },
      );
      expect(requestsTo('/v1/customers').length).toBe(customersBefore + 1);

      const session = fake.complete(started.body.sessionId as string);
      const event = stripeEvent('checkout.session.completed', session);
      const first = await deliver(event);
      expect(first).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
      const again = await deliver(event);
      expect(again.body.outcome).toBe('duplicate');
      expect(await streamEvents(`subscription-${user.id}`, 'InvoicePurchased')).toHaveLength(1);
      expect(await streamEvents(`stripe-event-${event.id}`)).toHaveLength(1);

      const opened = await app.get(`/invoices/${invoiceId}`, {
        token,
        headers: { 'X-Remit-Position': await positionOf(`invoice-${invoiceId}`) },
      });
      expect(opened.status).toBe(200);
      expect(opened.body.Status).toBe('paid');

      // The browser comes back late: the confirmation agrees and adds nothing.
      const confirmed = await app.post(
        '/confirm-one-time-payment',
        { sessionId: started.body.sessionId, invoiceId },
        { token },
      );
      expect(confirmed.status).toBe(200);
      expect(await streamEvents(`subscription-${user.id}`, 'InvoicePurchased')).toHaveLength(1);
    });

    it('refuses a webhook with a bad signature and writes nothing', async () => {
      const event = stripeEvent('customer.subscription.created', {
        id: 'sub_forged',
        object: 'subscription',
      });
      const forged = await deliver(event, { secret: 'whsec_not_ours' });
      expect(forged.status).toBe(400);
      expect(forged.body.error).toBe('Invalid Stripe signature');
      expect(await streamEvents(`stripe-event-${event.id}`)).toHaveLength(0);
      const unsigned = await fetch(`${app.base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      expect(unsigned.status).toBe(400);
    });

    it('applies subscription webhooks in any order: `updated` before `created`, then renewal, failure and deletion', async () => {
      const { token, user } = await signedInUser(app, 'stripe-order@example.com');
      // A customer from an earlier checkout, so events naming only the customer find the user.
      await app.post('/create-checkout-session', { plan: 'pro-yearly' }, { token });
      const customer = [...fake.customers.values()].find(
        (c) => (c.metadata as { userId?: string }).userId === user.id,
      );
      const customerId = customer?.id as string;
      const t0 = Math.floor(Date.now() / 1000);
      const subscription = fake.addSubscription({
        customer: customerId,
        priceId: prices.yearly,
        metadata: { userId: user.id },
        periodEnd: t0 + 365 * 86_400,
      });

      // The customer scheduled the cancellation in Stripe's portal: Stripe's state, and its `updated` event.
      subscription.cancel_at_period_end = true;
      const updated = stripeEvent('customer.subscription.updated', { ...subscription }, t0 + 10);
      const created = stripeEvent(
        'customer.subscription.created',
        { ...subscription, cancel_at_period_end: false },
        t0,
      );
      expect((await deliver(updated)).body.outcome).toBe('applied');
      expect((await deliver(created)).body.outcome).toBe('unchanged');
      expect(await subscriptionOf(token, user.id)).toMatchObject({
        Status: 'active',
        BillingCycle: 'yearly',
        CancelAtPeriodEnd: true,
      });

      // A renewal: Stripe moved the period on; the invoice names only the customer and the subscription.
      const items = subscription.items as { data: { current_period_end: number }[] };
      (items.data[0] as { current_period_end: number }).current_period_end = t0 + 2 * 365 * 86_400;
      const paid = stripeEvent(
        'invoice.paid',
        {
          id: 'in_renewal',
          object: 'invoice',
          customer: customerId,
          amount_due: 8399,
          currency: 'eur',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscription.id, metadata: {} },
          },
        },
        t0 + 20,
      );
      expect((await deliver(paid)).body.outcome).toBe('applied');
      expect(await streamEvents(`subscription-${user.id}`, 'SubscriptionRenewed')).toHaveLength(1);

      const failed = stripeEvent(
        'invoice.payment_failed',
        {
          id: 'in_failed',
          object: 'invoice',
          customer: customerId,
          amount_due: 8399,
          currency: 'eur',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscription.id, metadata: { userId: user.id } },
          },
        },
        t0 + 30,
      );
      expect((await deliver(failed)).body.outcome).toBe('applied');
      const [failure] = await streamEvents(`subscription-${user.id}`, 'PaymentFailed');
      expect(failure?.data).toMatchObject({ providerInvoiceId: 'in_failed', amount: 8399, currency: 'EUR' });

      const deleted = stripeEvent(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        t0 + 40,
      );
      expect((await deliver(deleted)).body.outcome).toBe('applied');
      expect(await subscriptionOf(token, user.id)).toMatchObject({ Status: 'canceled' });
      expect((await app.get('/check-subscription', { token })).body.subscribed).toBe(false);
      // A late `updated` from before the deletion changes nothing.
      expect(
        (await deliver(stripeEvent('customer.subscription.updated', subscription, t0 + 15))).body.outcome,
      ).toBe('unchanged');
      expect(await subscriptionOf(token, user.id)).toMatchObject({ Status: 'canceled' });
    });

    it('acknowledges an event for no known user without changing anything', async () => {
      const event = stripeEvent('customer.subscription.created', {
        id: 'sub_stranger',
        object: 'subscription',
        customer: 'cus_unknown',
        status: 'active',
        metadata: {},
        cancel_at_period_end: false,
        trial_end: null,
        items: { object: 'list', data: [] },
      });
      expect((await deliver(event)).body.outcome).toBe('ignored');
      expect(await streamEvents(`stripe-event-${event.id}`)).toHaveLength(1);
    });
  },
);
