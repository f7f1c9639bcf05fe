import { z } from 'zod';
import { type PlanId, planIds } from './events/billing.js';

/**
 * The billing API (docs/api.md, spec §7 Subscription and payment). Prices are spec §9's, in euro cents.
 */
export interface PlanOffer {
  id: PlanId;
  name: string;
  /** The payment provider's price id (Stripe's `price_…`, or the sandbox's own). */
  priceId: string;
  amount: number;
  currency: 'EUR';
  interval: 'month' | 'year' | null;
}

export const planPrices: Record<PlanId, { name: string; amount: number; interval: 'month' | 'year' | null }> =
  {
    'per-invoice': { name: 'Pay per invoice', amount: 399, interval: null },
    'pro-monthly': { name: 'Pro Monthly', amount: 999, interval: 'month' },
    'pro-yearly': { name: 'Pro Yearly', amount: 8399, interval: 'year' },
  };

/** `GET /billing/plans` */
export interface PlansAnswer {
  provider: 'sandbox' | 'stripe';
  plans: PlanOffer[];
}

/** `POST /create-checkout-session` (and `POST /subscription/upgrade`): a price id or a plan. */
export const checkoutRequestSchema = z
  .object({
    priceId: z.string().trim().min(1).max(200).optional(),
    plan: z.enum(planIds).optional(),
    isOneTime: z.boolean().optional(),
    invoiceId: z.string().trim().min(1).max(100).optional(),
    planName: z.string().max(100).optional(),
  })
  .refine((body) => body.priceId !== undefined || body.plan !== undefined, {
    message: 'Choose a plan',
    path: ['priceId'],
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** `POST /create-checkout-session` answers where to send the browser. */
export interface CheckoutAnswer {
  url: string;
  sessionId: string;
}

const sessionId = z.string().trim().min(1, 'Missing session id').max(300);
export const confirmSubscriptionSchema = z.object({ sessionId, userId: z.string().optional() });
export const confirmOneTimePaymentSchema = z.object({
  sessionId,
  userId: z.string().optional(),
  invoiceId: z.string().trim().min(1).max(100),
});
export const confirmPaymentSchema = z.object({ sessionId });

/** Spec §3 Subscription, as every billing answer and `GET /settings/profile` carry it. */
export interface SubscriptionView {
  Status: 'active' | 'trialing' | 'past_due' | 'unpaid' | 'incomplete' | 'canceled' | '';
  PlanName: 'Basic' | 'Pro';
  BillingCycle: 'monthly' | 'yearly' | null;
  TrialEnd: string | null;
  CurrentPeriodEnd: string | null;
  CancelAtPeriodEnd: boolean;
}

/** `POST /confirm-subscription`, `/confirm-one-time-payment`, `/confirm-payment`. */
export interface ConfirmAnswer {
  kind: 'subscription' | 'invoice';
  invoiceId: string | null;
  subscribed: boolean;
  subscription: SubscriptionView | null;
  position: string;
}

/** `GET /subscription`; `POST /subscriptions/cancel|resume` add `position`. */
export interface SubscriptionAnswer {
  subscription: SubscriptionView | null;
}

/** Paid up means `active` or `trialing` (spec §4, DESIGN §5). */
export const PAID_UP_STATUSES = ['active', 'trialing'] as const;
export function isPaidUp(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}
