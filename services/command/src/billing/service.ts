import {
  billingOffMessage,
  type CheckoutAnswer,
  type ConfirmAnswer,
  invoiceStreamId,
  type PlanId,
  type PlansAnswer,
  planPrices,
  readEvent,
  subscriptionStreamId,
  userStreamId,
} from '@remit/contracts';
import { invoiceDecider } from '@remit/domain';
import { type EventMetadata, type EventStore, foldEvents, type Step } from '@remit/eventstore';
import { AppError, eventCodec, type Logger } from '@remit/kit';
import type { Answer, Commands, Finish } from '../commands.js';
import {
  type BillingCommand,
  type BillingState,
  billingDecider,
  billingMessages,
  decideBilling,
  paidUp,
} from './decider.js';
import { onBilling } from './on-billing.js';
import {
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
  SESSION_ID_PLACEHOLDER,
} from './provider.js';
import { stripeEventHandler } from './stripe-webhooks.js';
import { planOfPriceId, plansAnswer, purchaseOf, subscriptionSnapshot, subscriptionViewOf } from './views.js';

export interface CheckoutInput {
  priceId?: string | undefined;
  plan?: PlanId | undefined;
  isOneTime?: boolean | undefined;
  invoiceId?: string | undefined;
}

export type ConfirmKind = 'subscription' | 'invoice' | 'any';

const INVOICE_OPEN_FOR_FREE =
  'This invoice is already open: your newest invoice is free to view and download';

const notFoundSession = () => new AppError('not_found', 'Checkout session not found');

/**
 * Billing (DESIGN §5): checkout, confirmation, cancel and resume, and the provider's webhooks. Every fact
 * lands on `subscription-{userId}` through the billing decider; what the provider says is always fetched
 * from the provider or verified by signature, never taken from the browser.
 */
export function createBillingService(deps: {
  store: EventStore;
  commands: Commands;
  provider: PaymentProvider;
  priceIds: Record<PlanId, string>;
  appUrl: string;
  /** False with `BILLING=off`: every account is a subscriber, so there is nothing to buy. */
  billingOn: boolean;
  logger: Logger;
  /** The user's newest live invoice, open for free without a subscription (`open-invoice.ts`). */
  newestInvoiceId: (userId: string) => Promise<string | null>;
}) {
  const { store, provider, priceIds, commands } = deps;
  const snapshotOf = (subscription: ProviderSubscription) =>
    subscriptionSnapshot(subscription, provider.name, priceIds);

  async function loadState(userId: string): Promise<{ state: BillingState; lastPosition: bigint | null }> {
    const events = await store.readStream(subscriptionStreamId(userId));
    return {
      state: foldEvents(billingDecider, events, eventCodec),
      lastPosition: events.at(-1)?.position ?? null,
    };
  }

  function run(userId: string, command: BillingCommand, metadata: EventMetadata, also: Step[] = []) {
    return commands.execute(onBilling(userId, command, also), metadata);
  }

  async function userName(userId: string): Promise<{ email: string | null; name: string | null }> {
    for (const event of (await store.readStream(userStreamId(userId))).map(readEvent)) {
      if (event.type === 'UserSignedUp') return { email: event.data.email, name: event.data.name };
    }
    return { email: null, name: null };
  }

  async function ensureCustomer(userId: string, state: BillingState, metadata: EventMetadata) {
    if (state.customer?.provider === provider.name) return state.customer.id;
    const customerId = await provider.createCustomer({ userId, ...(await userName(userId)) });
    const result = await run(
      userId,
      { type: 'LinkCustomer', data: { userId, provider: provider.name, customerId } },
      metadata,
    );
    return result.state.customer?.id ?? customerId;
  }

  /** Applies a paid checkout session: the invoice bought, or the subscription as the provider has it. */
  async function applySession(session: ProviderCheckoutSession, metadata: EventMetadata, also: Step[] = []) {
    const userId = session.userId;
    if (!userId || !session.paid) return null;
    if (session.mode === 'payment') {
      if (!session.invoiceId) return null;
      return run(userId, purchaseOf(session, userId, session.invoiceId), metadata, also);
    }
    const subscription =
      session.subscription ??
      (session.subscriptionId ? await provider.retrieveSubscription(session.subscriptionId) : null);
    if (!subscription) return null;
    return run(
      userId,
      { type: 'SyncSubscription', data: { userId, snapshot: snapshotOf(subscription) } },
      metadata,
      also,
    );
  }

  /**
   * Cancel or resume at the provider. The log may be behind it (a webhook not delivered yet), so the
   * provider is asked how the subscription stands first; if it already is as asked, nothing is sent and
   * what it said is recorded; otherwise the change is made there. Either way the answer is the
   * provider's state, never the log's guess (before, a stale "already cancelled" answered 200 without
   * calling Stripe, and the person was charged on).
   */
  async function changeCancellation(userId: string, cancel: boolean, finish: Finish): Promise<Answer> {
    const { state } = await loadState(userId);
    const known = state.subscription;
    const fresh = known?.subscriptionId ? await provider.retrieveSubscription(known.subscriptionId) : null;
    const current = fresh ? snapshotOf(fresh) : known;
    const live = current && (current.status === 'active' || current.status === 'trialing');
    if (!current?.subscriptionId || !live) {
      throw new AppError(
        'conflict',
        cancel ? billingMessages.nothingToCancel : billingMessages.nothingToResume,
        { reason: cancel ? 'nothing_to_cancel' : 'nothing_to_resume' },
      );
    }
    const updated =
      fresh && fresh.cancelAtPeriodEnd === cancel
        ? fresh
        : await provider.setCancelAtPeriodEnd(current.subscriptionId, cancel);
    return finish(
      onBilling(userId, { type: 'SyncSubscription', data: { userId, snapshot: snapshotOf(updated) } }),
      (outcome) => ({ status: 200, body: { subscription: subscriptionViewOf(outcome.state) } }),
    );
  }

  return {
    providerName: provider.name,

    plans: (): PlansAnswer => plansAnswer(provider.name, priceIds, deps.billingOn),

    async startCheckout(
      userId: string,
      input: CheckoutInput,
      metadata: EventMetadata,
      finish: Finish,
    ): Promise<Answer> {
      if (!deps.billingOn) {
        throw new AppError('conflict', billingOffMessage, { reason: 'billing_off' });
      }
      const plan = input.plan ?? planOfPriceId(priceIds, input.priceId ?? null);
      if (!plan || (input.plan && input.priceId && priceIds[input.plan] !== input.priceId)) {
        throw new AppError('validation', 'Unknown plan or price', {
          fields: { priceId: 'Unknown plan or price' },
        });
      }
      if (input.isOneTime !== undefined && input.isOneTime !== (plan === 'per-invoice')) {
        throw new AppError('validation', 'isOneTime does not match the plan', {
          fields: { isOneTime: 'isOneTime does not match the plan' },
        });
      }
      const invoiceId = plan === 'per-invoice' ? (input.invoiceId ?? null) : null;
      if (invoiceId) {
        const invoice = foldEvents(
          invoiceDecider,
          await store.readStream(invoiceStreamId(invoiceId)),
          eventCodec,
        );
        if (!invoice.exists || invoice.deleted || invoice.userId !== userId) {
          throw new AppError('not_found', 'Invoice not found');
        }
        if (invoice.paid) {
          throw new AppError('conflict', 'This invoice is already paid for', {
            reason: 'invoice_already_open',
          });
        }
      }
      const { state } = await loadState(userId);
      // Buying the first invoice of page 1 would open nothing: it is open for free (DESIGN §5).
      if (invoiceId && !paidUp(state) && (await deps.newestInvoiceId(userId)) === invoiceId) {
        throw new AppError('conflict', INVOICE_OPEN_FOR_FREE, { reason: 'invoice_already_open' });
      }
      const start = (sessionId: string): BillingCommand => ({
        type: 'StartCheckout',
        data: {
          userId,
          provider: provider.name,
          sessionId,
          plan,
          priceId: priceIds[plan],
          amount: planPrices[plan].amount,
          currency: 'EUR',
          invoiceId,
        },
      });
      // Refuse before the provider hears of it (the decider runs again when the event is written).
      decideBilling(state, start('pending'));
      const customerId = await ensureCustomer(userId, state, metadata);
      const success = new URL('/success', deps.appUrl);
      const successUrl = `${success.href}?session_id=${SESSION_ID_PLACEHOLDER}${
        invoiceId ? `&invoice_id=${encodeURIComponent(invoiceId)}` : ''
      }`;
      const session = await provider.createCheckoutSession({
        userId,
        customerId,
        plan,
        priceId: priceIds[plan],
        mode: plan === 'per-invoice' ? 'payment' : 'subscription',
        invoiceId,
        successUrl,
        cancelUrl: new URL('/subscription', deps.appUrl).href,
      });
      const answer: CheckoutAnswer = { url: session.url, sessionId: session.id };
      return finish(onBilling(userId, start(session.id)), () => ({ status: 201, body: { ...answer } }));
    },

    /** `/confirm-*`: asks the provider about the session; applies it once; answers the state after. */
    async confirm(
      userId: string,
      sessionId: string,
      expected: { kind: ConfirmKind; invoiceId?: string },
      metadata: EventMetadata,
    ): Promise<ConfirmAnswer> {
      const session = await provider.retrieveCheckoutSession(sessionId);
      if (!session || session.userId !== userId) throw notFoundSession();
      const kind = session.mode === 'payment' ? 'invoice' : 'subscription';
      if (expected.kind !== 'any' && expected.kind !== kind) {
        throw new AppError(
          'validation',
          `This checkout session is not a ${expected.kind === 'invoice' ? 'one-time payment' : 'subscription'}`,
        );
      }
      if (expected.invoiceId && expected.invoiceId !== session.invoiceId) {
        throw new AppError('validation', 'This checkout session is for another invoice');
      }
      if (!session.paid) {
        throw new AppError('payment_required', 'The payment is not complete', {
          reason: 'payment_incomplete',
        });
      }
      const result = await applySession(session, metadata);
      // Applied before (the webhook or the sandbox's Pay came first): answer the log's state and its end.
      const { state, lastPosition } =
        result?.position != null
          ? { state: result.state, lastPosition: result.position }
          : await loadState(userId);
      const subscription = subscriptionViewOf(state);
      return {
        kind,
        invoiceId: session.invoiceId,
        subscribed: subscription?.Status === 'active' || subscription?.Status === 'trialing',
        subscription,
        position: String(lastPosition ?? 0n),
      };
    },

    async subscription(userId: string) {
      return subscriptionViewOf((await loadState(userId)).state);
    },

    cancel: (userId: string, finish: Finish) => changeCancellation(userId, true, finish),
    resume: (userId: string, finish: Finish) => changeCancellation(userId, false, finish),

    /** The sandbox's Pay button applies the session at once, as Stripe's webhook would. */
    applySession,

    /**
     * A verified Stripe event, applied exactly once (`stripe-webhooks.ts`).
     */
    applyStripeEvent: stripeEventHandler({
      store,
      commands,
      provider,
      logger: deps.logger,
      run,
      applySession,
      snapshotOf,
    }),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
