import { randomBytes } from 'node:crypto';
import {
  type PlanId,
  readEvent,
  type SandboxCheckoutEvent,
  type SandboxSubscriptionEvent,
  sandboxCheckoutStreamId,
  sandboxSubscriptionStreamId,
} from '@remit/contracts';
import { type Decider, type EventStore, step } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import type { Commands } from '../commands.js';
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

type SessionCreated = Extract<SandboxCheckoutEvent, { type: 'SandboxCheckoutCreated' }>['data'];
type SubscriptionCreated = Extract<SandboxSubscriptionEvent, { type: 'SandboxSubscriptionCreated' }>['data'];

const SESSION_ID = /^cs_sandbox_[A-Za-z0-9]{32}$/;

interface CheckoutState {
  session: SessionCreated | null;
  paid: boolean;
  subscriptionId: string | null;
}

type CheckoutCommand =
  | { type: 'CreateCheckout'; data: SessionCreated }
  | { type: 'PayCheckout'; data: { sessionId: string; subscriptionId: string | null } };

const checkoutDecider: Decider<CheckoutState, CheckoutCommand, SandboxCheckoutEvent> = {
  name: 'sandbox-checkout',
  handles: ['SandboxCheckoutCreated', 'SandboxCheckoutPaid'],
  initialState: { session: null, paid: false, subscriptionId: null },
  evolve: (state, event) =>
    event.type === 'SandboxCheckoutCreated'
      ? { ...state, session: event.data }
      : { ...state, paid: true, subscriptionId: event.data.subscriptionId },
  decide(state, command) {
    if (command.type === 'CreateCheckout') return [{ type: 'SandboxCheckoutCreated', data: command.data }];
    if (!state.session) throw new AppError('not_found', 'Checkout session not found');
    // Paid twice (two clicks, two tabs): the first payment stands.
    if (state.paid) return [];
    return [{ type: 'SandboxCheckoutPaid', data: command.data }];
  },
};

interface SubscriptionState {
  created: SubscriptionCreated | null;
  cancel: boolean;
  observedAt: Date | null;
}

type SubscriptionCommand =
  | { type: 'CreateSubscription'; data: SubscriptionCreated }
  | { type: 'SetCancelAtPeriodEnd'; data: { subscriptionId: string; cancel: boolean } };

const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SandboxSubscriptionEvent> = {
  name: 'sandbox-subscription',
  handles: ['SandboxSubscriptionCreated', 'SandboxSubscriptionCancelAtPeriodEndSet'],
  initialState: { created: null, cancel: false, observedAt: null },
  evolve: (state, event) =>
    event.type === 'SandboxSubscriptionCreated'
      ? { ...state, created: event.data, observedAt: event.createdAt }
      : { ...state, cancel: event.data.cancel, observedAt: event.createdAt },
  decide(state, command) {
    if (command.type === 'CreateSubscription') {
      return state.created ? [] : [{ type: 'SandboxSubscriptionCreated', data: command.data }];
    }
    if (!state.created) throw new AppError('not_found', 'Subscription not found');
    // Like Stripe, setting the flag always counts as an update of the subscription.
    return [{ type: 'SandboxSubscriptionCancelAtPeriodEndSet', data: command.data }];
  },
};

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
  commands: Commands;
  appUrl: string;
  amountOf: (plan: PlanId) => number;
  now: () => Date;
}): SandboxProvider {
  const { store, commands } = deps;
  const meta = { userId: null, client: 'system' as const };

  async function session(sessionId: string): Promise<SandboxSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    let found: SandboxSession | null = null;
    for (const event of (await store.readStream(sandboxCheckoutStreamId(sessionId))).map(readEvent)) {
      if (event.type === 'SandboxCheckoutCreated')
        found = { ...event.data, paid: false, subscriptionId: null };
      if (event.type === 'SandboxCheckoutPaid' && found) {
        found = { ...found, paid: true, subscriptionId: event.data.subscriptionId };
      }
    }
    return found;
  }

  async function subscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    let created: SubscriptionCreated | null = null;
    let cancel = false;
    let observedAt = '';
    for (const event of (await store.readStream(sandboxSubscriptionStreamId(subscriptionId))).map(
      readEvent,
    )) {
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
      await commands.execute(
        step({
          decider: checkoutDecider,
          streams: sandboxCheckoutStreamId(sessionId),
          command: { type: 'CreateCheckout', data },
        }),
        meta,
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
      const periodEnd = new Date(deps.now());
      if (found.plan === 'pro-yearly') periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
      else periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
      await commands.execute(
        step({
          decider: checkoutDecider,
          streams: sandboxCheckoutStreamId(sessionId),
          command: { type: 'PayCheckout', data: { sessionId, subscriptionId } },
          effects: () =>
            subscriptionId
              ? [
                  step({
                    decider: subscriptionDecider,
                    streams: sandboxSubscriptionStreamId(subscriptionId),
                    command: {
                      type: 'CreateSubscription',
                      data: {
                        subscriptionId,
                        sessionId,
                        userId: found.userId,
                        customerId: found.customerId,
                        priceId: found.priceId,
                        plan: found.plan,
                        currentPeriodEnd: periodEnd.toISOString(),
                      },
                    },
                  }),
                ]
              : [],
        }),
        meta,
      );
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
      await commands.execute(
        step({
          decider: subscriptionDecider,
          streams: sandboxSubscriptionStreamId(subscriptionId),
          command: { type: 'SetCancelAtPeriodEnd', data: { subscriptionId, cancel } },
        }),
        meta,
      );
      const found = await subscription(subscriptionId);
      if (!found) throw new AppError('not_found', 'Subscription not found');
      return found;
    },
  };
}
