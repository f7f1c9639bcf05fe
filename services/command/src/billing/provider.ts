import type { PaymentProviderName, PlanId } from '@remit/contracts';

/**
 * What Remit needs from a payment provider (DESIGN §5). Two adapters: Stripe (`stripe-provider.ts`) when
 * `STRIPE_SECRET_KEY` is set, else the built-in sandbox (`sandbox-provider.ts`). Everything the provider
 * says is normalised to these shapes, so the billing decider never sees a provider's own objects.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  /** Our user, from the metadata Remit put on the checkout; null when the provider's object lacks it. */
  userId: string | null;
  status: string;
  priceId: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The provider's time for this state of the object (its event's `created`, or now when fetched). */
  observedAt: string;
}

export interface ProviderCheckoutSession {
  id: string;
  mode: 'subscription' | 'payment';
  /** Complete and paid (or needing no payment): the only state Remit acts on. */
  paid: boolean;
  userId: string | null;
  invoiceId: string | null;
  plan: PlanId | null;
  customerId: string | null;
  amount: number | null;
  currency: string | null;
  subscriptionId: string | null;
  /** The subscription when the provider gave it along (expanded); else fetch it by `subscriptionId`. */
  subscription: ProviderSubscription | null;
}

export interface CheckoutRequest {
  userId: string;
  customerId: string;
  plan: PlanId;
  priceId: string;
  mode: 'subscription' | 'payment';
  invoiceId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(input: { userId: string; email: string | null; name: string | null }): Promise<string>;
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Null when the provider does not know the session. */
  retrieveCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
}

/** The placeholder Stripe substitutes with the session id in `success_url`. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
