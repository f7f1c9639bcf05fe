import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

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

export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
const provider = z.enum(paymentProviders);

/**
 * Version 1 of the provider's subscription as of one moment, as each subscription event records it.
 * Events written before billing existed carry only the first five fields.
 */
const subscriptionStateV1 = z.object({
  userId: z.string(),
  planName: z.string(),
  billingCycle: z.string().nullable(),
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.string().nullable(),
  provider: provider.optional(),
  subscriptionId: z.string().optional(),
  trialEnd: z.string().nullable().optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  observedAt: z.string().optional(),
});

/**
 * Version 2: every field present. `subscriptionId` and `observedAt` are null for a subscription recorded
 * before billing (no provider id, no provider time); such a subscription was the sandbox's.
 */
const subscriptionStateV2 = subscriptionStateV1.extend({
  provider,
  subscriptionId: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When the provider said so (its event or object time), to apply snapshots in order. */
  observedAt: z.string().nullable(),
});

export const upcastSubscriptionState = (v1: z.output<typeof subscriptionStateV1>) => ({
  ...v1,
  provider: v1.provider ?? 'sandbox',
  subscriptionId: v1.subscriptionId ?? null,
  trialEnd: v1.trialEnd ?? null,
  cancelAtPeriodEnd: v1.cancelAtPeriodEnd ?? false,
  observedAt: v1.observedAt ?? null,
});

const snapshotEvent = () => eventType(subscriptionStateV1).next(subscriptionStateV2, upcastSubscriptionState);

export const subscriptionEvents = {
  BillingCustomerCreated: eventType(z.object({ userId: z.string(), provider, customerId: z.string() })),
  CheckoutStarted: eventType(
    z.object({
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
  ),
  SubscriptionActivated: snapshotEvent(),
  /** A new period was paid for. */
  SubscriptionRenewed: snapshotEvent(),
  /** Any other change of the provider's subscription (status, plan, dates). */
  SubscriptionUpdated: snapshotEvent(),
  SubscriptionCancellationScheduled: snapshotEvent(),
  SubscriptionResumed: snapshotEvent(),
  /**
   * The provider's subscription was seen as it already stood, at `observedAt`: nothing changed, but a
   * picture older than this one must no longer apply (webhooks arrive in any order).
   */
  SubscriptionObserved: eventType(
    z.object({ userId: z.string(), subscriptionId: z.string(), observedAt: z.string() }),
  ),
  SubscriptionEnded: eventType(
    z.object({
      userId: z.string(),
      subscriptionId: z.string().optional(),
      observedAt: z.string().optional(),
    }),
  ).next(
    z.object({
      userId: z.string(),
      subscriptionId: z.string().nullable(),
      observedAt: z.string().nullable(),
    }),
    (v1) => ({
      userId: v1.userId,
      subscriptionId: v1.subscriptionId ?? null,
      observedAt: v1.observedAt ?? null,
    }),
  ),
  PaymentFailed: eventType(
    z.object({
      userId: z.string(),
      subscriptionId: z.string().nullable(),
      providerInvoiceId: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      observedAt: z.string(),
    }),
  ),
  /**
   * A one-time purchase of one invoice: it is open (unlocked) and 'paid' for good. Purchases recorded
   * before billing carry no session, amount or currency.
   */
  InvoicePurchased: eventType(
    z.object({
      userId: z.string(),
      invoiceId: z.string(),
      sessionId: z.string().optional(),
      amount: z.number().int().optional(),
      currency: z.string().optional(),
    }),
  ),
} as const;

export const billingCustomerEvents = {
  BillingCustomerLinked: eventType(z.object({ userId: z.string(), provider, customerId: z.string() })),
} as const;

export const stripeEvents = {
  StripeEventReceived: eventType(
    z.object({ eventId: z.string(), type: z.string(), userId: z.string().nullable() }),
  ),
} as const;

export type SubscriptionEvent = EventOf<typeof subscriptionEvents>;
export type BillingCustomerEvent = EventOf<typeof billingCustomerEvents>;
export type StripeEvent = EventOf<typeof stripeEvents>;
export type SubscriptionSnapshotData = z.output<typeof subscriptionStateV2>;

export const subscriptionStreamId = (userId: string) => `subscription-${userId}`;
export const stripeEventStreamId = (eventId: string) => `stripe-event-${eventId}`;
export const billingCustomerStreamId = (providerName: string, customerId: string) =>
  `billing-customer-${providerName}-${customerId}`;
