import type { PlanId } from '@remit/contracts';
import { AppError } from '@remit/kit';
import Stripe from 'stripe';
import type { PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceIds: Record<PlanId, string>;
  /** Another address for Stripe's API (stripe-mock, or a test's fake); unset in production. */
  apiUrl: string | null;
  /** Customers' online payments through Connect (else the server's own account; issue 31). */
  connect: boolean;
  /** The Connect endpoint's own signing secret, when it has one. */
  connectWebhookSecret: string | null;
}

export interface StripeProvider extends PaymentProvider {
  /** Verifies the signature of a webhook's raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const isPlan = (value: string | undefined): value is PlanId =>
  value === 'per-invoice' || value === 'pro-monthly' || value === 'pro-yearly';

/** A Stripe subscription in Remit's terms. Since API 2025-03-31 the period lives on the items. */
export function fromStripeSubscription(
  subscription: Stripe.Subscription,
  observedAt: string,
): ProviderSubscription {
  const item = subscription.items?.data?.[0];
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId ?? null,
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: iso(item?.current_period_end ?? legacyPeriodEnd),
    trialEnd: iso(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    observedAt,
  };
}

/** The payment provider through the official SDK (DESIGN §5). Checkout Sessions, one customer per user. */
export function createStripeProvider(settings: StripeSettings, now: () => Date): StripeProvider {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === 'https:' ? 443 : 80),
          protocol: address.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  /** Null when Stripe does not know it (a webhook about an object of another account or mode). */
  async function retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return fromStripeSubscription(await stripe.subscriptions.retrieve(id), now().toISOString());
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',
    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), ...(name ? { name } : {}), metadata: { userId } },
        { idempotencyKey: `remit-customer-${userId}` },
      );
      return customer.id;
    },
    async createCheckoutSession(input) {
      const metadata = { userId: input.userId, plan: input.plan, invoiceId: input.invoiceId ?? '' };
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
        ...(input.mode === 'subscription'
          ? { subscription_data: { metadata: { userId: input.userId, plan: input.plan } } }
          : { payment_intent_data: { metadata } }),
      });
      if (!session.url) throw new AppError('unavailable', 'No checkout URL received');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      return fromStripeSession(session, now().toISOString());
    },
    async retrieveSubscription(id) {
      return retrieveSubscription(id);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      return fromStripeSubscription(updated, now().toISOString());
    },
    verifyWebhook(rawBody, signature) {
      // One endpoint takes the platform's events and, when Stripe signs them with their own secret, the
      // connected accounts' (issue 31).
      if (settings.connectWebhookSecret) {
        try {
          return stripe.webhooks.constructEvent(rawBody, signature, settings.connectWebhookSecret);
        } catch {
          // Not the Connect endpoint's: the platform's secret below decides.
        }
      }
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}

export function fromStripeSession(
  session: Stripe.Checkout.Session,
  observedAt: string,
): ProviderCheckoutSession {
  const subscription =
    session.subscription && typeof session.subscription === 'object'
      ? fromStripeSubscription(session.subscription, observedAt)
      : null;
  const plan = session.metadata?.plan;
  return {
    id: session.id,
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    paid:
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
    userId: session.metadata?.userId || session.client_reference_id || null,
    invoiceId: session.metadata?.invoiceId || null,
    plan: isPlan(plan) ? plan : null,
    customerId: idOf(session.customer),
    amount: session.amount_total,
    currency: session.currency?.toUpperCase() ?? null,
    subscriptionId: idOf(session.subscription),
    subscription,
  };
}
