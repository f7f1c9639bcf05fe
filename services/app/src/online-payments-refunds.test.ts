import { type FakeStripe, startFakeStripe } from '@remit/command/testing/fake-stripe';
import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { onlinePaymentsKit, shuffled } from './testing/online-payments.js';
import { deliverWebhook, stripeEnv, stripeEvent } from './testing/stripe.js';
import { signedInUser } from './testing/users.js';

/** 2 × 950.50 + 3 × 0.10, plus 20 % tax: the test invoice's total in cents. */
const TOTAL = 228_156;

/**
 * What Stripe takes back after a payment (issue 31), with the real `stripe` SDK against the local fake: a
 * refund in part reverses that part, in full the rest; a dispute reverses what it withdrew and a dispute won
 * gives it back, once, whatever the order and however often Stripe delivers its webhooks.
 */
describe.each(httpStores())('refunds and disputes of online payments on %s', (kind) => {
  let fake: FakeStripe;
  let app: TestApp;
  let store: EventStore;
  let kit: ReturnType<typeof onlinePaymentsKit>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp(kind, { env: { ...stripeEnv(fake), BILLING: 'off' } });
    store = createEventStore(app.database);
    kit = onlinePaymentsKit(app, fake, store);
  });
  afterAll(async () => {
    await store.close();
    await app.close();
    await fake.close();
  });

  let owners = 0;
  async function paidInvoice() {
    owners += 1;
    const owner = await signedInUser(app, `refund-owner-${owners}@example.com`, 'Grace Hopper');
    const connected = await app.post('/online-payments/connect', {}, { token: owner.token });
    const accountId = connected.body.accountId as string;
    fake.finishOnboarding(accountId);
    await app.post('/online-payments/refresh', {}, { token: owner.token });
    const { invoiceId, pageToken } = await kit.sharedInvoice(owner.token);
    const { sessionId } = await kit.checkout(pageToken);
    const paid = fake.pay(sessionId, { fee: 3447 });
    const on = (type: string, object: Record<string, unknown>) => ({
      ...stripeEvent(type, object),
      account: accountId,
    });
    return { owner, accountId, invoiceId, sessionId, paid, on };
  }
  const shape = (events: { type: string; data: Record<string, unknown> }[]) =>
    events.map((event) => [event.type, event.data.amount, event.data.reason ?? null]);

  it('reverses only the refunded part of a payment, and the rest when it is refunded in full', async () => {
    const { owner, invoiceId, paid, on } = await paidInvoice();
    const intentId = paid.intent.id as string;
    await deliverWebhook(app, on('payment_intent.succeeded', paid.intent));
    const refunded = on('charge.refunded', fake.refundInDashboard(intentId, 30_000));
    expect((await deliverWebhook(app, refunded)).body.outcome).toBe('recorded');
    expect(shape(await kit.payments(invoiceId))).toEqual([
      ['PaymentRecorded', TOTAL, null],
      ['PaymentReversed', 30_000, 'Refunded in part in Stripe'],
    ]);
    const view = await kit.ownerView(owner.token, invoiceId);
    expect(view).toMatchObject({ AmountPaid: TOTAL - 30_000, Balance: 30_000 });
    expect(view.Payments).toEqual([
      expect.objectContaining({
        amount: TOTAL,
        source: 'stripe',
        fee: 3447,
        reversed: false,
        reversedAmount: 30_000,
        reversalReason: 'Refunded in part in Stripe',
      }),
    ]);

    // The rest is refunded later: only what was left is reversed now.
    const rest = on('charge.refunded', fake.refundInDashboard(intentId));
    await deliverWebhook(app, rest);
    expect(shape(await kit.payments(invoiceId)).slice(2)).toEqual([
      ['PaymentReversed', TOTAL - 30_000, 'Refunded in Stripe'],
    ]);
    const after = await kit.ownerView(owner.token, invoiceId);
    expect(after).toMatchObject({ AmountPaid: 0, Balance: TOTAL });
    expect(after.Payments[0]).toMatchObject({ reversed: true, reversedAmount: TOTAL });
  });

  it('converges on one payment, one partial reversal, a dispute and its win from the same webhooks 10 times each, shuffled', async () => {
    const { owner, invoiceId, sessionId, paid, on } = await paidInvoice();
    const intentId = paid.intent.id as string;
    // Everything happened at Stripe before the first webhook arrives: paid, refunded in part, disputed, won.
    const completed = on(
      'checkout.session.completed',
      fake.sessions.get(sessionId) as Record<string, unknown>,
    );
    const refunded = on('charge.refunded', fake.refundInDashboard(intentId, 50_000));
    const dispute = fake.dispute(intentId);
    const opened = on('charge.dispute.created', dispute);
    const times = (event: object, count: number) => Array.from({ length: count }, () => event);
    for (const event of shuffled([...times(completed, 10), ...times(refunded, 10), ...times(opened, 10)])) {
      expect((await deliverWebhook(app, event)).status).toBe(200);
    }
    expect(shape(await kit.payments(invoiceId))).toEqual([
      ['PaymentRecorded', TOTAL, null],
      ['PaymentReversed', TOTAL, 'Disputed by the customer in Stripe'],
    ]);

    fake.closeDispute(dispute.id, 'won');
    const won = on('charge.dispute.closed', dispute);
    for (const event of shuffled([...times(won, 10), ...times(opened, 3), ...times(refunded, 3)])) {
      expect((await deliverWebhook(app, event)).status).toBe(200);
    }
    // A repeat delivered as a new event (Stripe's retry of another endpoint) asks Stripe again: nothing new.
    await deliverWebhook(app, on('charge.dispute.created', dispute));
    await deliverWebhook(app, on('charge.refunded', fake.charges.get(paid.charge.id as string) ?? {}));
    expect(shape(await kit.payments(invoiceId))).toEqual([
      ['PaymentRecorded', TOTAL, null],
      ['PaymentReversed', TOTAL, 'Disputed by the customer in Stripe'],
      ['PaymentRestored', TOTAL - 50_000, 'Dispute won in Stripe'],
    ]);
    const view = await kit.ownerView(owner.token, invoiceId);
    expect(view).toMatchObject({ AmountPaid: TOTAL - 50_000, Balance: 50_000 });
    expect(view.Payments[0]).toMatchObject({ reversed: false, reversedAmount: 50_000 });
    const history = (await app.get(`/invoices/${invoiceId}/history`, { token: owner.token })).body;
    expect(JSON.stringify(history)).toContain('counts again: Dispute won in Stripe');
  });

  it('records nothing taken back when the dispute was won before any webhook, and keeps a lost one reversed', async () => {
    const first = await paidInvoice();
    const dispute = fake.dispute(first.paid.intent.id as string);
    fake.closeDispute(dispute.id, 'won');
    await deliverWebhook(app, first.on('charge.dispute.closed', dispute));
    await deliverWebhook(app, first.on('charge.dispute.created', dispute));
    expect(shape(await kit.payments(first.invoiceId))).toEqual([['PaymentRecorded', TOTAL, null]]);

    const second = await paidInvoice();
    await deliverWebhook(app, second.on('payment_intent.succeeded', second.paid.intent));
    const lost = fake.dispute(second.paid.intent.id as string);
    await deliverWebhook(app, second.on('charge.dispute.created', lost));
    fake.closeDispute(lost.id, 'lost');
    await deliverWebhook(app, second.on('charge.dispute.closed', lost));
    expect(shape(await kit.payments(second.invoiceId))).toEqual([
      ['PaymentRecorded', TOTAL, null],
      ['PaymentReversed', TOTAL, 'Disputed by the customer in Stripe'],
    ]);
  });
});
