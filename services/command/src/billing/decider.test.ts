import type { SubscriptionEvent } from '@remit/contracts';
import { decider, stateOf } from '@remit/domain/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BillingCommand, billingDecider, type SubscriptionSnapshot } from './decider.js';

const given = decider(billingDecider);

const userId = 'u1';
const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  provider: 'stripe',
  planName: 'Pro',
  billingCycle: 'monthly',
  status: 'active',
  currentPeriodEnd: '2026-12-21T00:00:00.000Z',
  trialEnd: null,
  cancelAtPeriodEnd: false,
  observedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});
const sync = (overrides: Partial<SubscriptionSnapshot> = {}): BillingCommand => ({
  type: 'SyncSubscription',
  data: { userId, snapshot: snapshot(overrides) },
});
const event = (
  type: Exclude<
    SubscriptionEvent['type'],
    'SubscriptionEnded' | 'PaymentFailed' | 'InvoicePurchased' | 'CheckoutStarted' | 'BillingCustomerCreated'
  >,
  overrides: Partial<SubscriptionSnapshot> = {},
) => ({ type, data: { userId, ...snapshot(overrides) } }) as SubscriptionEvent;
const activated = event('SubscriptionActivated');
const ended = (observedAt = '2026-11-21T12:00:00.000Z'): SubscriptionEvent => ({
  type: 'SubscriptionEnded',
  data: { userId, subscriptionId: 'sub_1', observedAt },
});
const startCheckout = (
  plan: 'per-invoice' | 'pro-monthly',
  invoiceId: string | null = null,
): BillingCommand => ({
  type: 'StartCheckout',
  data: {
    userId,
    provider: 'sandbox',
    sessionId: 'cs_1',
    plan,
    priceId: 'price_x',
    amount: 399,
    currency: 'EUR',
    invoiceId,
  },
});

describe('billing decider: the subscription', () => {
  it('activates a subscription the provider reports active', () => {
    given([]).when(sync()).thenEmits([activated]);
  });

  it('records nothing when the same picture arrives again (a confirmation repeated, a webhook redelivered)', () => {
    given([activated]).when(sync()).thenNothing();
  });

  it('renews when the period end moves forward', () => {
    const next = { currentPeriodEnd: '2027-01-21T00:00:00.000Z', observedAt: '2026-12-21T00:00:01.000Z' };
    given([activated])
      .when(sync(next))
      .thenEmits([event('SubscriptionRenewed', next)]);
  });

  it('schedules the cancellation at period end, keeping the subscription active', () => {
    const next = { cancelAtPeriodEnd: true, observedAt: '2026-11-21T11:00:00.000Z' };
    given([activated])
      .when(sync(next))
      .thenEmits([event('SubscriptionCancellationScheduled', next)]);
  });

  it('resumes a subscription whose cancellation was scheduled', () => {
    const scheduled = event('SubscriptionCancellationScheduled', {
      cancelAtPeriodEnd: true,
      observedAt: '2026-11-21T11:00:00.000Z',
    });
    const next = { observedAt: '2026-11-21T11:30:00.000Z' };
    given([activated, scheduled])
      .when(sync(next))
      .thenEmits([event('SubscriptionResumed', next)]);
  });

  it('ends when the provider says canceled, and never comes back from an older picture', () => {
    const gone = { status: 'canceled' as const, observedAt: '2026-11-21T12:00:00.000Z' };
    given([activated]).when(sync(gone)).thenEmits([ended()]);
    given([activated, ended()])
      .when(sync({ observedAt: '2026-11-21T13:00:00.000Z' }))
      .thenNothing();
  });

  it('records a status change such as past due', () => {
    const next = { status: 'past_due' as const, observedAt: '2026-12-21T00:00:01.000Z' };
    given([activated])
      .when(sync(next))
      .thenEmits([event('SubscriptionUpdated', next)]);
  });

  it('applies out-of-order webhooks by the provider’s time: `updated` before `created`', () => {
    const updated = { cancelAtPeriodEnd: true, observedAt: '2026-11-21T10:00:05.000Z' };
    // The later picture arrives first and is applied whole…
    given([])
      .when(sync(updated))
      .thenEmits([event('SubscriptionActivated', updated)]);
    // …and the earlier `created` that follows changes nothing.
    given([event('SubscriptionActivated', updated)])
      .when(sync())
      .thenNothing();
  });

  it('ignores a `deleted` for another subscription than the one in force', () => {
    given([activated])
      .when(sync({ subscriptionId: 'sub_old', status: 'canceled', observedAt: '2026-11-21T12:00:00.000Z' }))
      .thenNothing();
  });

  it('refuses a second subscription while one is in force, but allows one after a scheduled cancellation', () => {
    given([activated])
      .when(startCheckout('pro-monthly'))
      .thenThrows('You already have an active subscription');
    const scheduled = event('SubscriptionCancellationScheduled', { cancelAtPeriodEnd: true });
    given([activated, scheduled])
      .when(startCheckout('pro-monthly'))
      .thenEmits([
        {
          type: 'CheckoutStarted',
          data: {
            userId,
            provider: 'sandbox',
            sessionId: 'cs_1',
            plan: 'pro-monthly',
            priceId: 'price_x',
            amount: 399,
            currency: 'EUR',
            invoiceId: null,
            mode: 'subscription',
          },
        },
      ]);
  });
});

describe('billing decider: one invoice', () => {
  const purchase: BillingCommand = {
    type: 'PurchaseInvoice',
    data: { userId, invoiceId: 'inv_1', sessionId: 'cs_1', amount: 399, currency: 'EUR' },
  };
  const purchased: SubscriptionEvent = { type: 'InvoicePurchased', data: purchase.data as never };

  it('buys an invoice once, however often the payment is confirmed', () => {
    given([]).when(purchase).thenEmits([purchased]);
    given([purchased]).when(purchase).thenNothing();
  });

  it('refuses checkout for an invoice already bought, or when the subscription already opens it', () => {
    given([purchased])
      .when(startCheckout('per-invoice', 'inv_1'))
      .thenThrows('This invoice is already paid for');
    given([activated])
      .when(startCheckout('per-invoice', 'inv_2'))
      .thenThrows('This invoice is already paid for');
  });

  it('needs the invoice to pay for', () => {
    given([]).when(startCheckout('per-invoice')).thenThrows('Choose the invoice to pay for');
  });

  it('links the provider’s customer once', () => {
    const link: BillingCommand = {
      type: 'LinkCustomer',
      data: { userId, provider: 'stripe', customerId: 'cus_1' },
    };
    given([])
      .when(link)
      .thenEmits([{ type: 'BillingCustomerCreated', data: link.data }]);
    given([{ type: 'BillingCustomerCreated', data: link.data }])
      .when(link)
      .thenNothing();
  });
});

describe('billing decider: pictures in any order (issue 12)', () => {
  const observedAt = (second: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, second)).toISOString();
  const webhook = (overrides: Partial<SubscriptionSnapshot>): BillingCommand => ({
    type: 'SyncSubscription',
    data: { userId, snapshot: snapshot(overrides), recordObservation: true },
  });

  it('records a newer picture that changes nothing, so an older one cannot undo it later', () => {
    // Stripe: cancelled at :10, resumed at :20. The :20 picture arrives first and changes nothing.
    given([activated])
      .when(webhook({ observedAt: observedAt(20) }))
      .thenEmits([
        {
          type: 'SubscriptionObserved',
          data: { userId, subscriptionId: 'sub_1', observedAt: observedAt(20) },
        },
      ]);
    const observed: SubscriptionEvent = {
      type: 'SubscriptionObserved',
      data: { userId, subscriptionId: 'sub_1', observedAt: observedAt(20) },
    };
    given([activated, observed])
      .when(webhook({ cancelAtPeriodEnd: true, observedAt: observedAt(10) }))
      .thenNothing();
  });

  it('records no observation for a person repeating a request, nor for a picture no newer', () => {
    given([activated])
      .when(sync({ observedAt: observedAt(30) }))
      .thenNothing();
    given([activated]).when(webhook({})).thenNothing();
  });

  it('ends in the newest picture, whatever the order and repetition of deliveries', () => {
    const change = fc.record({
      cancelAtPeriodEnd: fc.boolean(),
      // Few values, so a later picture often repeats an earlier one: the case that used to go wrong.
      status: fc.constantFrom('active' as const, 'trialing' as const, 'past_due' as const),
      periodDays: fc.integer({ min: 0, max: 1 }),
    });
    fc.assert(
      fc.property(
        fc.array(change, { minLength: 1, maxLength: 8 }).chain((changes) =>
          fc.tuple(
            fc.constant(changes),
            // Every picture at least once, some again, in any order.
            fc.array(fc.nat({ max: changes.length - 1 }), { maxLength: changes.length }).chain((again) => {
              const all = [...changes.map((_, index) => index), ...again];
              return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
            }),
          ),
        ),
        ([changes, order]) => {
          const pictures = changes.map((change, index) =>
            snapshot({
              cancelAtPeriodEnd: change.cancelAtPeriodEnd,
              status: change.status,
              currentPeriodEnd: new Date(Date.UTC(2026, 11, 21 + change.periodDays)).toISOString(),
              observedAt: observedAt(index + 1),
            }),
          );
          const history: SubscriptionEvent[] = [];
          for (const index of order) {
            const state = stateOf(billingDecider, history);
            const command: BillingCommand = {
              type: 'SyncSubscription',
              data: { userId, snapshot: pictures[index] as SubscriptionSnapshot, recordObservation: true },
            };
            history.push(...billingDecider.decide(state, command));
          }
          const { observedAt: _at, ...newest } = pictures.at(-1) as SubscriptionSnapshot;
          const { observedAt: _seen, ...final } = stateOf(billingDecider, history).subscription ?? {};
          expect(final).toEqual(newest);
        },
      ),
      { numRuns: 1000, seed: 20261124 },
    );
  });
});
