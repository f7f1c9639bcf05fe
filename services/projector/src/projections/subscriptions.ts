import type { EventNamed } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { type RecordedEvent, unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { BatchRows, insertNew, selectWhereIn } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { purchases, subscriptions } = readModels;

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

const handles = [
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionUpdated',
  'SubscriptionCancellationScheduled',
  'SubscriptionResumed',
  'SubscriptionEnded',
  'PaymentFailed',
  'InvoicePurchased',
] as const;
type SubscriptionEvent = RecordedEvent<EventNamed<(typeof handles)[number]>>;

/**
 * The subscription per user as the provider last described it, and the invoices each user bought.
 * Every subscription event carries the whole snapshot, so applying one is an upsert.
 */
export const subscriptionsProjection = defineProjection({
  name: 'subscriptions',
  tables: ['subscriptions', 'purchases'],
  handles,
  // One event is a batch of one.
  apply: (db, event) => applySubscriptions(db, [event]),
  applyBatch: applySubscriptions,
});

/** Folded per user in log order: one upsert of the subscriptions, one insert of new purchases. */
async function applySubscriptions(db: Database, events: SubscriptionEvent[]): Promise<void> {
  const rows = new BatchRows(
    subscriptions,
    ['userId'],
    await selectWhereIn(
      db,
      subscriptions,
      subscriptions.userId,
      events.filter((event) => event.type !== 'InvoicePurchased').map((event) => event.data.userId),
    ),
  );
  const bought: (typeof purchases.$inferInsert)[] = [];
  for (const event of events) {
    const at = event.createdAt;
    switch (event.type) {
      case 'SubscriptionActivated':
      case 'SubscriptionRenewed':
      case 'SubscriptionUpdated':
      case 'SubscriptionCancellationScheduled':
      case 'SubscriptionResumed': {
        const { userId, ...snapshot } = event.data;
        rows.put({
          userId,
          planName: snapshot.planName,
          billingCycle: snapshot.billingCycle,
          status: snapshot.status,
          trialEnd: date(snapshot.trialEnd),
          currentPeriodEnd: date(snapshot.currentPeriodEnd),
          cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd ?? false,
          subscriptionId: snapshot.subscriptionId ?? null,
          lastPaymentFailedAt: rows.get({ userId })?.lastPaymentFailedAt ?? null,
          updatedAt: at,
        });
        break;
      }
      case 'SubscriptionEnded': {
        const row = rows.get({ userId: event.data.userId });
        if (row) rows.put({ ...row, status: 'canceled', cancelAtPeriodEnd: false, updatedAt: at });
        break;
      }
      case 'PaymentFailed': {
        const row = rows.get({ userId: event.data.userId });
        if (row) rows.put({ ...row, lastPaymentFailedAt: new Date(event.data.observedAt), updatedAt: at });
        break;
      }
      case 'InvoicePurchased': {
        const { userId, invoiceId, sessionId, amount, currency } = event.data;
        bought.push({
          userId,
          invoiceId,
          sessionId: sessionId ?? null,
          amount: amount ?? null,
          currency: currency ?? null,
          purchasedAt: at,
        });
        break;
      }
      default:
        unreachable(event);
    }
  }
  await rows.write(db);
  await insertNew(db, purchases, ['userId', 'invoiceId'], bought);
}
