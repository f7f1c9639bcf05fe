import {
  formatEuroCents,
  monthlyEquivalentCents,
  type PlanId,
  planPrices,
  type SubscriptionView,
} from '@remit/contracts';

/** Spec §9, plan features on the profile, word for word. */
export const profilePlanFeatures: Record<SubscriptionView['PlanName'], readonly string[]> = {
  Basic: ['100 Invoices/month', 'Basic Templates', 'Email Support'],
  Pro: ['Unlimited Invoices', 'Premium Templates', 'Priority Support', 'Advanced Analytics'],
};

export interface PlanCopy {
  name: string;
  /** What one price reads like on the card. */
  price: string;
  period: string;
  badge: string | null;
  features: readonly string[];
  cta: string;
}

/**
 * Spec §9, plan features on the plans screen. Names and prices come from contracts' `planPrices` (the one
 * place they are written); Pro Yearly shows a twelfth of its yearly price.
 */
export const planCopy: Record<PlanId, PlanCopy> = {
  'per-invoice': {
    name: planPrices['per-invoice'].name,
    price: formatEuroCents(planPrices['per-invoice'].amount),
    period: 'one-time',
    badge: null,
    features: ['Single invoice generation', 'No history', 'No template selection', 'No statistics'],
    cta: 'Pay for this invoice',
  },
  'pro-monthly': {
    name: planPrices['pro-monthly'].name,
    price: formatEuroCents(planPrices['pro-monthly'].amount),
    period: 'per month',
    badge: 'Most Popular',
    features: [
      'Unlimited invoices',
      'Complete history',
      '10+ premium templates',
      'Email support',
      'Statistics and revenue overview',
    ],
    cta: 'Subscribe monthly',
  },
  'pro-yearly': {
    name: planPrices['pro-yearly'].name,
    price: formatEuroCents(monthlyEquivalentCents(planPrices['pro-yearly'].amount)),
    period: `per month, billed ${formatEuroCents(planPrices['pro-yearly'].amount)} yearly`,
    badge: 'Save 30%',
    features: ['All monthly features', '30% discount', 'Priority email support'],
    cta: 'Subscribe yearly',
  },
};

/** Which plan a paid-up subscription is, for the plans screen. */
export function planOfSubscription(subscription: SubscriptionView): PlanId {
  return subscription.BillingCycle === 'yearly' ? 'pro-yearly' : 'pro-monthly';
}
