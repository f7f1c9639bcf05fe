import { randomBytes } from 'node:crypto';
import type { PlanId } from '@remit/contracts';
import { ConcurrencyError, type EventStore, type StreamWrite } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import {
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
  SESSION_ID_PLACEHOLDER,
} from './provider.js';

/**
 * The built-in test provider, used when no Stripe key is configured (docs/decisions.md, Billing). It acts
 * like a tiny Stripe living inside Remit: its sessions and subscriptions are its own event streams
 * (`sandbox-checkout-{id}`, `sandbox-subscription-{id}`), its checkout page is served by Remit
 * (`GET /api/billing/sandbox/checkout/{id}`) and, like Stripe, it redirects back to `success_url`. No
 * money moves. The session id is the capability, as Stripe's checkout URL is: long and random.
 */
export const sandboxPriceIds: Record<PlanId, string> = {
  'per-invoice': 'price_sandbox_per_invoice',
  'pro-monthly': 'price_sandbox_pro_monthly',
  'pro-yearly': 'price_sandbox_pro_yearly',
};

interface SessionCreated {
  sessionId: string;
  userId: string;
  customerId: string;
  plan: PlanId;
  priceId: string;
  mode: 'subscription' | 'payment';
  invoiceId: string | null;
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

interface SubscriptionCreated {
  subscriptionId: string;
  sessionId: string;
  userId: string;
  customerId: string;
  priceId: string;
  plan: PlanId;
  currentPeriodEnd: string;
}

type SandboxEvent =
  | { type: 'SandboxCheckoutCreated'; data: SessionCreated }
  | { type: 'SandboxCheckoutPaid'; data: { sessionId: string; subscriptionId: string | null } }
  | { type: 'SandboxSubscriptionCreated'; data: SubscriptionCreated }
  | { type: 'SandboxSubscriptionCancelAtPeriodEndSet'; data: { subscriptionId: string; cancel: boolean } };

const sessionStream = (id: string) => `sandbox-checkout-${id}`;
const subscriptionStream = (id: string) => `sandbox-subscription-${id}`;
const SESSION_ID = /^cs_sandbox_[A-Za-z0-9]{32}$/;

export interface SandboxSession extends SessionCreated {
  paid: boolean;
  subscriptionId: string | null;
}

export interface SandboxProvider extends PaymentProvider {
  /** The session as the checkout page shows it; null when unknown. */
  session(sessionId: string): Promise<SandboxSession | null>;
  /** What the sandbox's Pay button does: the session is paid (and the subscription starts). */
  pay(sessionId: string): Promise<SandboxSession>;
  checkoutUrl(sessionId: string): string;
}

const token = () => randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 32).padEnd(32, '0');

export function createSandboxProvider(deps: {
  store: EventStore;
  appUrl: string;
  amountOf: (plan: PlanId) => number;
  now: () => Date;
}): SandboxProvider {
  const { store } = deps;
  const meta = { userId: null, client: 'system' as const };

  async function session(sessionId: string): Promise<SandboxSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    const events = await store.readStream(sessionStream(sessionId));
    let found: SandboxSession | null = null;
    for (const event of events as unknown as SandboxEvent[]) {
      if (event.type === 'SandboxCheckoutCreated')
        found = { ...event.data, paid: false, subscriptionId: null };
      if (event.type === 'SandboxCheckoutPaid' && found) {
        found = { ...found, paid: true, subscriptionId: event.data.subscriptionId };
      }
    }
    return found;
  }

  async function subscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const events = await store.readStream(subscriptionStream(subscriptionId));
    let created: SubscriptionCreated | null = null;
    let cancel = false;
    let observedAt = '';
    for (const event of events as unknown as (SandboxEvent & { createdAt: Date })[]) {
      if (event.type === 'SandboxSubscriptionCreated') created = event.data;
      if (event.type === 'SandboxSubscriptionCancelAtPeriodEndSet') cancel = event.data.cancel;
      observedAt = event.createdAt.toISOString();
    }
    if (!created) return null;
    return {
      id: created.subscriptionId,
      customerId: created.customerId,
      userId: created.userId,
      status: 'active',
      priceId: created.priceId,
      currentPeriodEnd: created.currentPeriodEnd,
      trialEnd: null,
      cancelAtPeriodEnd: cancel,
      observedAt,
    };
  }

  return {
    name: 'sandbox',
    async createCustomer() {
      return `cus_sandbox_${token()}`;
    },
    async createCheckoutSession(input: CheckoutRequest) {
      const sessionId = `cs_sandbox_${token()}`;
      const data: SessionCreated = {
        sessionId,
        userId: input.userId,
        customerId: input.customerId,
        plan: input.plan,
        priceId: input.priceId,
        mode: input.mode,
        invoiceId: input.invoiceId,
        amount: deps.amountOf(input.plan),
        currency: 'EUR',
        successUrl: input.successUrl.replace(SESSION_ID_PLACEHOLDER, sessionId),
        cancelUrl: input.cancelUrl,
      };
      await store.append(
        sessionStream(sessionId),
        [{ type: 'SandboxCheckoutCreated', data, metadata: meta }],
        {
          expectedVersion: 'no_stream',
        },
      );
      return { id: sessionId, url: this.checkoutUrl(sessionId) };
    },
    checkoutUrl(sessionId) {
      return `${deps.appUrl}/api/billing/sandbox/checkout/${sessionId}`;
    },
    session,
    async pay(sessionId) {
      const found = await session(sessionId);
      if (!found) throw new AppError('not_found', 'Checkout session not found');
      if (found.paid) return found;
      const subscriptionId = found.mode === 'subscription' ? `sub_sandbox_${token()}` : null;
      const paid: SandboxEvent = { type: 'SandboxCheckoutPaid', data: { sessionId, subscriptionId } };
      const writes: StreamWrite[] = [
        { streamId: sessionStream(sessionId), events: [{ ...paid, metadata: meta }], expectedVersion: 1 },
      ];
      if (subscriptionId) {
        const periodEnd = new Date(deps.now());
        if (found.plan === 'pro-yearly') periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
        else periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
        const created: SandboxEvent = {
          type: 'SandboxSubscriptionCreated',
          data: {
            subscriptionId,
            sessionId,
            userId: found.userId,
            customerId: found.customerId,
            priceId: found.priceId,
            plan: found.plan,
            currentPeriodEnd: periodEnd.toISOString(),
          },
        };
        writes.push({
          streamId: subscriptionStream(subscriptionId),
          events: [{ ...created, metadata: meta }],
          expectedVersion: 'no_stream',
        });
      }
      try {
        await store.appendMany(writes);
      } catch (error) {
        // Paid twice at once: the first payment stands.
        if (!(error instanceof ConcurrencyError)) throw error;
      }
      return (await session(sessionId)) ?? found;
    },
    async retrieveCheckoutSession(sessionId): Promise<ProviderCheckoutSession | null> {
      const found = await session(sessionId);
      if (!found) return null;
      return {
        id: found.sessionId,
        mode: found.mode,
        paid: found.paid,
        userId: found.userId,
        invoiceId: found.invoiceId,
        plan: found.plan,
        customerId: found.customerId,
        amount: found.amount,
        currency: found.currency,
        subscriptionId: found.subscriptionId,
        subscription: found.subscriptionId ? await subscription(found.subscriptionId) : null,
      };
    },
    retrieveSubscription: subscription,
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await store.append(
        subscriptionStream(subscriptionId),
        [
          {
            type: 'SandboxSubscriptionCancelAtPeriodEndSet',
            data: { subscriptionId, cancel },
            metadata: meta,
          },
        ],
        { expectedVersion: 'any' },
      );
      const found = await subscription(subscriptionId);
      if (!found) throw new AppError('not_found', 'Subscription not found');
      return found;
    },
  };
}
