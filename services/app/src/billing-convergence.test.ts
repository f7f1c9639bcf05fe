import { type FakeStripe, startFakeStripe } from '@remit/command/testing/fake-stripe';
import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { deliverWebhook, stripeEnv, stripeEvent, stripePrices } from './testing/stripe.js';
import { signedInUser } from './testing/users.js';

type Json = Record<string, unknown>;
type Change = 'cancel' | 'resume' | 'renew' | 'past_due' | 'active';

const DAY = 86_400;

/** What happens to a subscription in Stripe (the portal, a renewal, a failed card), to the fake's object. */
function apply(subscription: Json, change: Change): void {
  const item = (subscription.items as { data: Json[] }).data[0] as Json;
  if (change === 'cancel') subscription.cancel_at_period_end = true;
  if (change === 'resume') subscription.cancel_at_period_end = false;
  if (change === 'renew') item.current_period_end = (item.current_period_end as number) + 30 * DAY;
  if (change === 'past_due' || change === 'active') subscription.status = change;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe.each(httpStores())('Stripe state converges on %s', (kind) => {
  let fake: FakeStripe;
  let app: TestApp;
  let store: EventStore;
  let people = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp(kind, { env: { ...stripeEnv(fake), SIGNUP_LIMIT_PER_IP_HOUR: '1000' } });
    store = createEventStore(app.database);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function subscriptionOf(token: string, userId: string) {
    const position = String((await store.readStream(`subscription-${userId}`)).at(-1)?.position ?? 0n);
    const answer = await app.get('/subscription', { token, headers: { 'X-Remit-Position': position } });
    return answer.body.subscription as Json | null;
  }

  async function subscriber() {
    people += 1;
    const { token, user } = await signedInUser(app, `converge-${people}@example.com`);
    const subscription = fake.addSubscription({
      customer: `cus_converge_${people}`,
      priceId: stripePrices.monthly,
      metadata: { userId: user.id },
      periodEnd: Math.floor(Date.now() / 1000) + 30 * DAY,
    });
    return { token, userId: user.id, subscription };
  }

  it('ends in Stripe’s final state for any order, repetition and overlap of the deliveries', async () => {
    const changes = fc.array(fc.constantFrom<Change>('cancel', 'resume', 'renew', 'past_due', 'active'), {
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(
        changes.chain((list) => {
          const count = list.length + 1;
          return fc.record({
            changes: fc.constant(list),
            // Every event at least once, some twice, in any order; delivered one to three at a time.
            order: fc.array(fc.nat({ max: count - 1 }), { maxLength: 3 }).chain((again) => {
              const all = [...Array.from({ length: count }, (_, index) => index), ...again];
              return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
            }),
            overlap: fc.integer({ min: 1, max: 3 }),
          });
        }),
        async ({ changes: steps, order, overlap }) => {
          const { token, userId, subscription } = await subscriber();
          const t0 = Math.floor(Date.now() / 1000);
          const events = [stripeEvent('customer.subscription.created', subscription, t0)];
          steps.forEach((change, index) => {
            apply(subscription, change);
            // Two changes a second: Stripe's `created` cannot tell them apart.
            events.push(
              stripeEvent('customer.subscription.updated', subscription, t0 + Math.ceil((index + 1) / 2)),
            );
          });
          for (let start = 0; start < order.length; start += overlap) {
            const answers = await Promise.all(
              order
                .slice(start, start + overlap)
                .map((index) => deliverWebhook(app, events[index] as object)),
            );
            for (const answer of answers) expect(answer.status).toBe(200);
          }
          const item = (subscription.items as { data: Json[] }).data[0] as Json;
          expect(await subscriptionOf(token, userId)).toMatchObject({
            Status: subscription.status,
            CancelAtPeriodEnd: subscription.cancel_at_period_end,
            CurrentPeriodEnd: iso(item.current_period_end as number),
          });
        },
      ),
      { numRuns: 15, seed: 20261124 },
    );
  }, 180_000);

  it('asks Stripe before answering a cancel, so a stale log cannot answer for it', async () => {
    const { token, userId, subscription } = await subscriber();
    const path = `/v1/subscriptions/${subscription.id as string}`;
    // Cancelled in the portal and its webhook applied; then resumed in the portal, webhook not here yet.
    apply(subscription, 'cancel');
    expect(
      (await deliverWebhook(app, stripeEvent('customer.subscription.updated', subscription))).status,
    ).toBe(200);
    expect(await subscriptionOf(token, userId)).toMatchObject({ CancelAtPeriodEnd: true });
    apply(subscription, 'resume');

    const updatesBefore = fake.requests.filter(
      (request) => request.path === path && request.method === 'POST',
    );
    const cancelled = await app.post('/subscriptions/cancel', {}, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ CancelAtPeriodEnd: true });
    const updates = fake.requests.filter((request) => request.path === path && request.method === 'POST');
    // On the platform's own account (billing is not a connected account's).
    expect(updates.slice(updatesBefore.length)).toEqual([
      { method: 'POST', path, body: { cancel_at_period_end: 'true' }, account: null },
    ]);
    expect(subscription.cancel_at_period_end).toBe(true);

    // Asked again: Stripe already says so; nothing is sent, nothing is written.
    const events = (await store.readStream(`subscription-${userId}`)).length;
    expect((await app.post('/subscriptions/cancel', {}, { token })).status).toBe(200);
    expect(
      fake.requests.filter((request) => request.path === path && request.method === 'POST'),
    ).toHaveLength(updates.length);
    expect((await store.readStream(`subscription-${userId}`)).length).toBe(events);
  });
});
