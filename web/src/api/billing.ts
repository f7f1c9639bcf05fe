import {
  type CheckoutAnswer,
  type CheckoutRequest,
  type ConfirmAnswer,
  type PlansAnswer,
  planIds,
  type SubscriptionAnswer,
  type SubscriptionView,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';

/** docs/api.md, Billing: the answers the web app reads, checked against the contracts' types. */
const planOfferSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  priceId: z.string(),
  amount: z.number().int(),
  currency: z.literal('EUR'),
  interval: z.enum(['month', 'year']).nullable(),
});

const plansAnswerSchema: z.ZodType<PlansAnswer> = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  plans: z.array(planOfferSchema),
});

// An answer without a url is read as an empty one, so the screen can say 'No checkout URL received'.
const checkoutAnswerSchema: z.ZodType<CheckoutAnswer> = z.object({
  url: z
    .string()
    .nullable()
    .optional()
    .transform((url) => url ?? ''),
  sessionId: z.string().optional().default(''),
});

export const subscriptionViewSchema: z.ZodType<SubscriptionView> = z.object({
  Status: z.enum(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'canceled', '']),
  PlanName: z.enum(['Basic', 'Pro']),
  BillingCycle: z.enum(['monthly', 'yearly']).nullable(),
  TrialEnd: z.string().nullable(),
  CurrentPeriodEnd: z.string().nullable(),
  CancelAtPeriodEnd: z.boolean(),
});

const confirmAnswerSchema: z.ZodType<ConfirmAnswer> = z.object({
  kind: z.enum(['subscription', 'invoice']),
  invoiceId: z.string().nullable(),
  subscribed: z.boolean(),
  subscription: subscriptionViewSchema.nullable(),
  position: z.string(),
});

const subscriptionAnswerSchema: z.ZodType<SubscriptionAnswer> = z.object({
  subscription: subscriptionViewSchema.nullable(),
});

const subscriptionChangeSchema = z.object({
  subscription: subscriptionViewSchema.nullable(),
  position: z.string(),
});
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

export function fetchPlans(signal?: AbortSignal): Promise<PlansAnswer> {
  return request('GET', '/billing/plans', { schema: plansAnswerSchema, signal });
}

export const plansQuery = queryOptions({
  queryKey: ['billing', 'plans'] as const,
  queryFn: ({ signal }) => fetchPlans(signal),
  staleTime: 60 * 60_000,
});

/** The current subscription (`GET /subscription`), for the plans screen. */
export const subscriptionViewQuery = queryOptions({
  queryKey: ['billing', 'subscription'] as const,
  queryFn: ({ signal }) => fetchSubscription(signal),
  staleTime: 0,
});

/** Where to send the browser to pay; the caller goes there with `window.location.assign`. */
export function createCheckoutSession(body: CheckoutRequest): Promise<CheckoutAnswer> {
  return request('POST', '/create-checkout-session', { schema: checkoutAnswerSchema, body });
}

/**
 * Confirms what the checkout `sessionId` paid for: one invoice when `invoiceId` is given, else the
 * subscription. The server answers the same for the same session, so a repeat is harmless.
 */
export function confirmCheckout(sessionId: string, invoiceId?: string | null): Promise<ConfirmAnswer> {
  if (invoiceId) {
    return request('POST', '/confirm-one-time-payment', {
      schema: confirmAnswerSchema,
      body: { sessionId, invoiceId },
    });
  }
  return request('POST', '/confirm-subscription', { schema: confirmAnswerSchema, body: { sessionId } });
}

export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionAnswer> {
  return request('GET', '/subscription', { schema: subscriptionAnswerSchema, signal });
}

export function cancelSubscription(): Promise<SubscriptionChange> {
  return request('POST', '/subscriptions/cancel', { schema: subscriptionChangeSchema });
}

export function resumeSubscription(): Promise<SubscriptionChange> {
  return request('POST', '/subscriptions/resume', { schema: subscriptionChangeSchema });
}
