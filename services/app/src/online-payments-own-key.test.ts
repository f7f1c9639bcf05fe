import { type FakeStripe, startFakeStripe } from '@remit/command/testing/fake-stripe';
import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { onlinePaymentsKit } from './testing/online-payments.js';
import { stripeEnv } from './testing/stripe.js';
import { signedInUser } from './testing/users.js';

/** 2 × 950.50 + 3 × 0.10, plus 20 % tax: the test invoice's total in cents. */
const TOTAL = 228_156;

/**
 * A self-hosted server with the owner's own Stripe key (`STRIPE_CONNECT=off`, D-300), end to end with the real
 * `stripe` SDK against the local fake: nothing to onboard, checkouts and refunds on the server's own account (no
 * `Stripe-Account` header), webhooks without an account recorded for the owner.
 */
describe.each(httpStores())('online payments with the server’s own Stripe key on %s', (kind) => {
  let fake: FakeStripe;
  let app: TestApp;
  let store: EventStore;
  let kit: ReturnType<typeof onlinePaymentsKit>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp(kind, {
      env: { ...stripeEnv(fake), BILLING: 'off', STRIPE_CONNECT: 'off' },
    });
    store = createEventStore(app.database);
    kit = onlinePaymentsKit(app, fake, store);
  });
  afterAll(async () => {
    await store.close();
    await app.close();
    await fake.close();
  });

  it('connects without onboarding, takes the payment on its own account with its fee, and reverses a partial refund', async () => {
    const owner = await signedInUser(app, 'own-key@example.com', 'Hedy Lamarr');
    const connected = await app.post('/online-payments/connect', {}, { token: owner.token });
    expect(connected.body).toMatchObject({ mode: 'own', provider: 'stripe', state: 'on' });
    expect(connected.body.url).toBe('http://remit.test/profile?online-payments=connected');
    // No account made, nothing to onboard: the key's own account takes the payments.
    expect(fake.requests.filter((request) => request.path.startsWith('/v1/account'))).toEqual([]);

    const { invoiceId, pageToken } = await kit.sharedInvoice(owner.token);
    const started = await kit.checkout(pageToken);
    expect(started.body.url).toBe(`https://checkout.stripe.test/c/pay/${started.sessionId}`);
    const request = fake.requests.filter((sent) => sent.path === '/v1/checkout/sessions').at(-1);
    expect(request).toMatchObject({
      account: null,
      body: { mode: 'payment', customer_email: 'charles@difference.example' },
    });

    const paid = fake.pay(started.sessionId, { fee: 3447 });
    const delivered = await kit.deliver('checkout.session.completed', paid.session, null);
    expect(delivered).toMatchObject({ status: 200, body: { outcome: 'recorded' } });
    // The intent was asked of the server's own account too.
    const asked = fake.requests.filter((sent) => sent.path === `/v1/payment_intents/${paid.intent.id}`);
    expect(asked.map((sent) => sent.account)).toEqual([null]);
    expect(await kit.payments(invoiceId)).toEqual([
      {
        type: 'PaymentRecorded',
        data: expect.objectContaining({ amount: TOTAL, source: 'stripe', fee: 3447, method: 'card' }),
      },
    ]);

    const refunded = fake.refundInDashboard(paid.intent.id as string, 10_000);
    await kit.deliver('charge.refunded', refunded, null);
    const view = await kit.ownerView(owner.token, invoiceId);
    expect(view).toMatchObject({ AmountPaid: TOTAL - 10_000, Balance: 10_000 });
    expect(view.Payments[0]).toMatchObject({ fee: 3447, reversedAmount: 10_000, reversed: false });

    // A second tab's payment after the balance was paid is refunded on the same own account.
    const { invoiceId: other, pageToken: otherPage } = await kit.sharedInvoice(owner.token);
    const one = await kit.checkout(otherPage);
    const first = fake.pay(one.sessionId);
    await kit.deliver('checkout.session.completed', first.session, null);
    const late = fake.pay(one.sessionId);
    await kit.deliver('payment_intent.succeeded', late.intent, null);
    const refund = fake.requests.filter((sent) => sent.path === '/v1/refunds').at(-1);
    expect(refund).toMatchObject({ account: null, body: { payment_intent: late.intent.id } });
    expect((await kit.payments(other)).map((event) => event.type)).toEqual([
      'PaymentRecorded',
      'PaymentRecorded',
      'PaymentReversed',
    ]);

    // An event naming a connected account the server never linked is not the owner's money.
    const third = await kit.sharedInvoice(owner.token);
    const foreign = fake.pay((await kit.checkout(third.pageToken)).sessionId);
    const stranger = await kit.deliver('payment_intent.succeeded', foreign.intent, 'acct_someone_else');
    expect(stranger.body.outcome).toBe('ignored');
    expect(await kit.payments(third.invoiceId)).toEqual([]);
  });
});
