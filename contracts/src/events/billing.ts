import { z } from 'zod';
import type { EventOf } from './invoices.js';

/**
 * The event catalogue of billing (docs/events.md, DESIGN §3 and §5).
 *
 * Streams:
 * - `subscription-{userId}`: everything billing knows about one user — the provider's customer, checkouts
 *   started, the subscription's life (activated, renewed, cancellation scheduled, resumed, ended, payment
 *   failed) and invoices bought one-time.
 * - `stripe-event-{eventId}`: StripeEventReceived, written with "stream must not exist" in the same
 *   transaction as the events a webhook causes, so each provider event is applied exactly once.
 * - `billing-customer-{provider}-{customerId}`: BillingCustomerLinked, the provider's customer → our user,
 *   for webhooks that name only the customer.
 *
 * Amounts are integer minor units of `currency` (EUR for every plan).
 */
export const planIds = ['per-invoice', 'pro-monthly', 'pro-yearly'] as const;
export type PlanId = (typeof planIds)[number];
export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];
/** The provider's statuses as we keep them; paid up means `active` or `trialing` (spec §4). */
export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

const provider = z.enum(['sandbox', 'stripe']);

/** The provider's subscription as of one moment, which each subscription event records. */
const subscriptionState = {
  userId: z.string(),
  planName: z.string(),
  billingCycle: z.string().nullable(),
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.string().nullable(),
  /** The fields below came with billing; events written before it lack them. */
  provider: provider.optional(),
  subscriptionId: z.string().optional(),
  trialEnd: z.string().nullable().optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  /** When the provider said so (its event or object time), to apply snapshots in order. */
  observedAt: z.string().optional(),
};

export const subscriptionEventSchemas = {
  BillingCustomerCreated: z.object({ userId: z.string(), provider, customerId: z.string() }),
  CheckoutStarted: z.object({
    userId: z.string(),
    provider,
    sessionId: z.string(),
    plan: z.enum(planIds),
    mode: z.enum(['subscription', 'payment']),
    priceId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    invoiceId: z.string().nullable(),
  }),
  SubscriptionActivated: z.object({ ...subscriptionState, status: z.enum(subscriptionStatuses) }),
  /** A new period was paid for. */
  SubscriptionRenewed: z.object(subscriptionState),
  /** Any other change of the provider's subscription (status, plan, dates). */
  SubscriptionUpdated: z.object(subscriptionState),
  SubscriptionCancellationScheduled: z.object(subscriptionState),
  SubscriptionResumed: z.object(subscriptionState),
  SubscriptionEnded: z.object({
    userId: z.string(),
    subscriptionId: z.string().optional(),
    observedAt: z.string().optional(),
  }),
  PaymentFailed: z.object({
    userId: z.string(),
    subscriptionId: z.string().nullable(),
    providerInvoiceId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    observedAt: z.string(),
  }),
  /** A one-time purchase of one invoice: it is open (unlocked) and 'paid' for good. */
  InvoicePurchased: z.object({
    userId: z.string(),
    invoiceId: z.string(),
    sessionId: z.string().optional(),
    amount: z.number().int().optional(),
    currency: z.string().optional(),
  }),
} as const;

export const billingCustomerEventSchemas = {
  BillingCustomerLinked: z.object({ userId: z.string(), provider, customerId: z.string() }),
} as const;

export const stripeEventSchemas = {
  StripeEventReceived: z.object({ eventId: z.string(), type: z.string(), userId: z.string().nullable() }),
} as const;

export type SubscriptionEvent = EventOf<typeof subscriptionEventSchemas>;
export type BillingCustomerEvent = EventOf<typeof billingCustomerEventSchemas>;
export type StripeEvent = EventOf<typeof stripeEventSchemas>;

export const subscriptionStreamId = (userId: string) => `subscription-${userId}`;
export const stripeEventStreamId = (eventId: string) => `stripe-event-${eventId}`;
export const billingCustomerStreamId = (providerName: string, customerId: string) =>
  `billing-customer-${providerName}-${customerId}`;
