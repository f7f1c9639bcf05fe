import type { SubscriptionEvent } from '@remit/contracts';
import { eq } from 'drizzle-orm';
import { defineProjection } from '../projection.js';
import { subscriptions } from '../schema.js';

type Handled = Extract<SubscriptionEvent, { type: 'SubscriptionActivated' | 'SubscriptionEnded' }>;

/** The subscription per user, as far as locking needs it; billing (issue 6) extends it. */
export const subscriptionsProjection = defineProjection({
  name: 'subscriptions',
  tables: ['subscriptions'],
  handles: ['SubscriptionActivated', 'SubscriptionEnded'] satisfies Handled['type'][],
  async apply(db, stored) {
    const event = stored as unknown as Handled;
    const at = stored.createdAt;
    switch (event.type) {
      case 'SubscriptionActivated': {
        const { userId, planName, billingCycle, status, currentPeriodEnd } = event.data;
        const values = {
          planName,
          billingCycle,
          status,
          currentPeriodEnd: currentPeriodEnd ? new Date(currentPeriodEnd) : null,
          cancelAtPeriodEnd: false,
          updatedAt: at,
        };
        await db
          .insert(subscriptions)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: subscriptions.userId, set: values });
        return;
      }
      case 'SubscriptionEnded':
        await db
          .update(subscriptions)
          .set({ status: 'canceled', updatedAt: at })
          .where(eq(subscriptions.userId, event.data.userId));
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
