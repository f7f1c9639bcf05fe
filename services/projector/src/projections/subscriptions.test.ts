import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { subscriptionsProjection } from './subscriptions.js';

const spec = projectionSpec(subscriptionsProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const picture = {
  userId: 'u1',
  planName: 'Pro',
  billingCycle: 'monthly',
  status: 'active' as const,
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  provider: 'stripe' as const,
  subscriptionId: 'sub_1',
  trialEnd: null,
  cancelAtPeriodEnd: false,
  observedAt: '2026-11-01T00:00:00.000Z',
};

describe('the subscriptions projection', () => {
  it('keeps the last picture of the subscription, its end and its failed payments; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      { type: 'SubscriptionActivated', schemaVersion: 2, data: picture },
      {
        type: 'SubscriptionCancellationScheduled',
        schemaVersion: 2,
        data: { ...picture, cancelAtPeriodEnd: true, observedAt: '2026-11-02T00:00:00.000Z' },
      },
      {
        type: 'PaymentFailed',
        data: {
          userId: 'u1',
          subscriptionId: 'sub_1',
          providerInvoiceId: 'in_1',
          amount: 999,
          currency: 'EUR',
          observedAt: '2026-11-03T00:00:00.000Z',
        },
      },
    ]);
    expect(await spec.rows('subscriptions', ['updated_at'])).toEqual([
      {
        user_id: 'u1',
        plan_name: 'Pro',
        billing_cycle: 'monthly',
        status: 'active',
        trial_end: null,
        current_period_end: '2026-12-01 00:00:00+00',
        cancel_at_period_end: true,
        subscription_id: 'sub_1',
        last_payment_failed_at: '2026-11-03 00:00:00+00',
      },
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
    await spec.given([
      {
        type: 'SubscriptionEnded',
        schemaVersion: 2,
        data: { userId: 'u1', subscriptionId: 'sub_1', observedAt: null },
      },
    ]);
    expect((await spec.rows('subscriptions'))[0]).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: false,
    });
  });

  it('reads a subscription recorded before billing (version 1, five fields) as it always did', async () => {
    await spec.given([
      {
        type: 'SubscriptionActivated',
        schemaVersion: 1,
        data: {
          userId: 'u2',
          planName: 'Pro',
          billingCycle: 'monthly',
          status: 'active',
          currentPeriodEnd: '2099-01-01T00:00:00.000Z',
        },
      },
    ]);
    expect((await spec.rows('subscriptions')).find((row) => row.user_id === 'u2')).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      subscription_id: null,
      trial_end: null,
    });
  });

  it('records invoices bought one-time, also those recorded before billing without a session', async () => {
    await spec.given([
      {
        type: 'InvoicePurchased',
        data: { userId: 'u3', invoiceId: 'i1', sessionId: 'cs_1', amount: 399, currency: 'EUR' },
      },
      { type: 'InvoicePurchased', data: { userId: 'u3', invoiceId: 'i2' } },
    ]);
    expect(await spec.rows('purchases', ['purchased_at'])).toEqual([
      { user_id: 'u3', invoice_id: 'i1', session_id: 'cs_1', amount: 399, currency: 'EUR' },
      { user_id: 'u3', invoice_id: 'i2', session_id: null, amount: null, currency: null },
    ]);
  });
});
