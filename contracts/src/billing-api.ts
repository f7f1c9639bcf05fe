import { z } from 'zod';
import { type PlanId, paymentProviders, planIds, subscriptionStatuses } from './events/billing.js';

/**
 * The billing API (docs/api.md, spec §7 Subscription and payment). Prices are spec §9's, in euro cents.
 */
export const planOfferSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  /** The payment provider's price id (Stripe's `price_…`, or the sandbox's own). */
  priceId: z.string(),
  amount: z.number().int(),
  currency: z.literal('EUR'),
  interval: z.enum(['month', 'year']).nullable(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const planPrices: Record<PlanId, { name: string; amount: number; interval: 'month' | 'year' | null }> =
  {
    'per-invoice': { name: 'Pay per invoice', amount: 399, interval: null },
    'pro-monthly': { name: 'Pro Monthly', amount: 999, interval: 'month' },
    'pro-yearly': { name: 'Pro Yearly', amount: 8399, interval: 'year' },
  };

/** What a price reads like on a plan card: "€9.99" (integer arithmetic; spec §9 shows two decimals). */
export function formatEuroCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `€${whole}.${rest}`;
}

/** Spec §9: Pro Yearly is shown as its monthly equivalent, a twelfth rounded half up to the cent. */
export function monthlyEquivalentCents(yearlyCents: number): number {
  return Math.floor((yearlyCents * 2 + 12) / 24);
}

/** What the plans screens and a refused checkout say when the operator set `BILLING=off`. */
export const billingOffMessage = 'Billing is off on this server: every account has every feature.';

/** `GET /billing/plans`; with `billing: 'off'` (self-hosted without a paywall) there are no plans to buy. */
export const plansAnswerSchema = z.object({
  billing: z.enum(['on', 'off']).default('on'),
  provider: z.enum(paymentProviders),
  plans: z.array(planOfferSchema),
});
export type PlansAnswer = z.infer<typeof plansAnswerSchema>;

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

/**
 * `POST /create-checkout-session` answers where to send the browser. An answer without a url reads as an
 * empty one, so the plans screen can say 'No checkout URL received' (spec §8).
 */
export const checkoutAnswerSchema = z.object({
  url: z
    .string()
    .nullable()
    .optional()
    .transform((url) => url ?? ''),
  sessionId: z.string().optional().default(''),
  position: z.string().optional(),
});
export type CheckoutAnswer = z.output<typeof checkoutAnswerSchema>;

const sessionId = z.string().trim().min(1, 'Missing session id').max(300);
export const confirmSubscriptionSchema = z.object({ sessionId, userId: z.string().optional() });
export const confirmOneTimePaymentSchema = z.object({
  sessionId,
  userId: z.string().optional(),
  invoiceId: z.string().trim().min(1).max(100),
});
export const confirmPaymentSchema = z.object({ sessionId });

/** Spec §3 Subscription, as every billing answer and `GET /settings/profile` carry it. */
export const subscriptionViewSchema = z.object({
  Status: z.enum([...subscriptionStatuses, '']),
  PlanName: z.enum(['Basic', 'Pro']),
  BillingCycle: z.enum(['monthly', 'yearly']).nullable(),
  TrialEnd: z.string().nullable(),
  CurrentPeriodEnd: z.string().nullable(),
  CancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** `POST /confirm-subscription`, `/confirm-one-time-payment`, `/confirm-payment`. */
export const confirmAnswerSchema = z.object({
  kind: z.enum(['subscription', 'invoice']),
  invoiceId: z.string().nullable(),
  subscribed: z.boolean(),
  subscription: subscriptionViewSchema.nullable(),
  position: z.string(),
});
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;

/** `GET /subscription`. */
export const subscriptionAnswerSchema = z.object({ subscription: subscriptionViewSchema.nullable() });
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/** `POST /subscriptions/cancel|resume`: the subscription after the change and its position. */
export const subscriptionChangeSchema = subscriptionAnswerSchema.extend({ position: z.string() });
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

/** `GET /check-subscription`. */
export const subscriptionCheckSchema = z.object({ subscribed: z.boolean() });
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

/** Paid up means `active` or `trialing` (spec §4, DESIGN §5). */
export const PAID_UP_STATUSES = ['active', 'trialing'] as const;
export function isPaidUp(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}
