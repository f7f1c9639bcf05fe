import { PAID_UP_STATUSES, type SubscriptionView, subscriptionStatuses } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, inArray } from 'drizzle-orm';

const { subscriptions } = readModels;

/**
 * Who counts as paid up: the subscriptions read model, or, with `BILLING=off` (self-hosting without a
 * paywall), every account.
 */
export interface Paywall {
  db: Database;
  billingOn: boolean;
}

/** What every account has with `BILLING=off`: Pro, with nothing to renew or cancel. */
const billingOffSubscription: SubscriptionView = {
  Status: 'active',
  PlanName: 'Pro',
  BillingCycle: null,
  TrialEnd: null,
  CurrentPeriodEnd: null,
  CancelAtPeriodEnd: false,
};

/** Paid up means an `active` or `trialing` subscription (spec §4, DESIGN §5). */
export async function isSubscribed({ db, billingOn }: Paywall, userId: string): Promise<boolean> {
  if (!billingOn) return true;
  const rows = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PAID_UP_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

export const subscriptionRequired = (message: string) =>
  new AppError('payment_required', message, { reason: 'subscription_required' });

/** The profile's paid features answer 402 `subscription_required` without a paid-up subscription. */
export async function requireSubscription(paywall: Paywall, userId: string, feature: string): Promise<void> {
  if (!(await isSubscribed(paywall, userId))) throw subscriptionRequired(`Subscribe to see your ${feature}`);
}

const statuses = new Set<string>(subscriptionStatuses);

/** The user's subscription as spec §3 shapes it (also part of `GET /settings/profile`); null when none. */
export async function subscriptionView(
  { db, billingOn }: Paywall,
  userId: string,
): Promise<SubscriptionView | null> {
  if (!billingOn) return billingOffSubscription;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row) return null;
  return {
    Status: statuses.has(row.status) ? (row.status as SubscriptionView['Status']) : '',
    PlanName: row.planName === 'Pro' ? 'Pro' : 'Basic',
    BillingCycle: row.billingCycle === 'monthly' || row.billingCycle === 'yearly' ? row.billingCycle : null,
    TrialEnd: row.trialEnd?.toISOString() ?? null,
    CurrentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    CancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}
