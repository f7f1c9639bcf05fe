import {
  type PaymentProviderName,
  type PlanId,
  type PlansAnswer,
  planIds,
  planPrices,
  type SubscriptionView,
} from '@remit/contracts';
import {
  type BillingCommand,
  type BillingState,
  normaliseStatus,
  type SubscriptionSnapshot,
} from './decider.js';
import type { ProviderCheckoutSession, ProviderSubscription } from './provider.js';

/** What the provider says about a subscription, as the log records it; and the log's state, as the API shows it. */

export function subscriptionSnapshot(
  subscription: ProviderSubscription,
  provider: PaymentProviderName,
  priceIds: Record<PlanId, string>,
): SubscriptionSnapshot {
  const plan = planOfPriceId(priceIds, subscription.priceId);
  return {
    subscriptionId: subscription.id,
    provider,
    planName: plan === 'pro-monthly' || plan === 'pro-yearly' ? 'Pro' : 'Basic',
    billingCycle: plan === 'pro-yearly' ? 'yearly' : plan === 'pro-monthly' ? 'monthly' : null,
    status: normaliseStatus(subscription.status),
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialEnd: subscription.trialEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    observedAt: subscription.observedAt,
  };
}

export function subscriptionViewOf(state: BillingState): SubscriptionView | null {
  const subscription = state.subscription;
  if (!subscription) return null;
  return {
    Status: subscription.status,
    PlanName: subscription.planName === 'Pro' ? 'Pro' : 'Basic',
    BillingCycle:
      subscription.billingCycle === 'monthly' || subscription.billingCycle === 'yearly'
        ? subscription.billingCycle
        : null,
    TrialEnd: subscription.trialEnd,
    CurrentPeriodEnd: subscription.currentPeriodEnd,
    CancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/** `GET /billing/plans`: the three plans with their price ids, or none when billing is off on this server. */
export function plansAnswer(
  provider: PaymentProviderName,
  priceIds: Record<PlanId, string>,
  billingOn: boolean,
): PlansAnswer {
  if (!billingOn) return { billing: 'off', provider, plans: [] };
  return {
    billing: 'on',
    provider,
    plans: planIds.map((id) => ({ id, ...planPrices[id], priceId: priceIds[id], currency: 'EUR' as const })),
  };
}

export const planOfPriceId = (priceIds: Record<PlanId, string>, priceId: string | null): PlanId | null =>
  planIds.find((plan) => priceIds[plan] === priceId) ?? null;

/** A paid one-time checkout as the purchase of its invoice (the plan's price when the provider names none). */
export const purchaseOf = (
  session: ProviderCheckoutSession,
  userId: string,
  invoiceId: string,
): BillingCommand => ({
  type: 'PurchaseInvoice',
  data: {
    userId,
    invoiceId,
    sessionId: session.id,
    amount: session.amount ?? planPrices['per-invoice'].amount,
    currency: session.currency ?? 'EUR',
  },
});
