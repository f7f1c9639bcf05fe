import { z } from 'zod';
import { planIds } from './billing.js';
import { type EventOf, eventType } from './define.js';

/**
 * The built-in sandbox payment provider's own facts (docs/decisions.md, Billing): it plays a small Stripe
 * inside Remit when no Stripe key is configured, and keeps its checkout sessions and subscriptions as
 * streams of its own. Billing learns of them only through the provider interface, as it would of Stripe's.
 *
 * Streams: `sandbox-checkout-{sessionId}`, `sandbox-subscription-{subscriptionId}`.
 */
export const sandboxCheckoutEvents = {
  SandboxCheckoutCreated: eventType(
    z.object({
      sessionId: z.string(),
      userId: z.string(),
      customerId: z.string(),
      plan: z.enum(planIds),
      priceId: z.string(),
      mode: z.enum(['subscription', 'payment']),
      invoiceId: z.string().nullable(),
      amount: z.number().int(),
      currency: z.string(),
      successUrl: z.string(),
      cancelUrl: z.string(),
    }),
  ),
  /** The sandbox's Pay button; a subscription checkout starts its subscription with it. */
  SandboxCheckoutPaid: eventType(z.object({ sessionId: z.string(), subscriptionId: z.string().nullable() })),
} as const;

export const sandboxSubscriptionEvents = {
  SandboxSubscriptionCreated: eventType(
    z.object({
      subscriptionId: z.string(),
      sessionId: z.string(),
      userId: z.string(),
      customerId: z.string(),
      priceId: z.string(),
      plan: z.enum(planIds),
      currentPeriodEnd: z.string(),
    }),
  ),
  SandboxSubscriptionCancelAtPeriodEndSet: eventType(
    z.object({ subscriptionId: z.string(), cancel: z.boolean() }),
  ),
} as const;

export type SandboxCheckoutEvent = EventOf<typeof sandboxCheckoutEvents>;
export type SandboxSubscriptionEvent = EventOf<typeof sandboxSubscriptionEvents>;

export const sandboxCheckoutStreamId = (sessionId: string) => `sandbox-checkout-${sessionId}`;
export const sandboxSubscriptionStreamId = (subscriptionId: string) =>
  `sandbox-subscription-${subscriptionId}`;
