import type { PlanId, SubscriptionView } from '@remit/contracts';

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

/** Spec §9, prices and plan features on the plans screen. Pro Yearly shows a twelfth of 83.99. */
export const planCopy: Record<PlanId, PlanCopy> = {
  'per-invoice': {
    name: 'Pay per invoice',
    price: '€3.99',
    period: 'one-time',
    badge: null,
    features: ['Single invoice generation', 'No history', 'No template selection', 'No statistics'],
    cta: 'Pay for this invoice',
  },
  'pro-monthly': {
    name: 'Pro Monthly',
    price: '€9.99',
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
    name: 'Pro Yearly',
    price: `€${(8399 / 12 / 100).toFixed(2)}`,
    period: 'per month, billed €83.99 yearly',
    badge: 'Save 30%',
    features: ['All monthly features', '30% discount', 'Priority email support'],
    cta: 'Subscribe yearly',
  },
};

/** Which plan a paid-up subscription is, for the plans screen. */
export function planOfSubscription(subscription: SubscriptionView): PlanId {
  return subscription.BillingCycle === 'yearly' ? 'pro-yearly' : 'pro-monthly';
}
