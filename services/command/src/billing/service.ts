import {
  billingCustomerStreamId,
  type CheckoutAnswer,
  type ConfirmAnswer,
  type InvoiceEvent,
  invoiceStreamId,
  type PlanId,
  type PlansAnswer,
  planIds,
  planPrices,
  type SubscriptionEvent,
  type SubscriptionView,
  subscriptionStreamId,
  userStreamId,
} from '@remit/contracts';
import { type EventMetadata, type EventStore, handleCommand, type StreamWrite } from '@remit/eventstore';
import { AppError, type Logger } from '@remit/kit';
import { evolveInvoice, initialInvoiceState } from '../invoices/decider.js';
import {
  type BillingCommand,
  type BillingState,
  billingMessages,
  decideBilling,
  evolveBilling,
  initialBillingState,
  normaliseStatus,
  type SubscriptionSnapshot,
} from './decider.js';
import {
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
  SESSION_ID_PLACEHOLDER,
} from './provider.js';
import { stripeEventHandler } from './stripe-webhooks.js';

export interface CheckoutInput {
  priceId?: string | undefined;
  plan?: PlanId | undefined;
  isOneTime?: boolean | undefined;
  invoiceId?: string | undefined;
}

export type ConfirmKind = 'subscription' | 'invoice' | 'any';

const notFoundSession = () => new AppError('not_found', 'Checkout session not found');

/**
 * Billing (DESIGN §5): checkout, confirmation, cancel and resume, and the provider's webhooks. Every fact
 * lands on `subscription-{userId}` through the billing decider; what the provider says is always fetched
 * from the provider or verified by signature, never taken from the browser.
 */
export function createBillingService(deps: {
  store: EventStore;
  provider: PaymentProvider;
  priceIds: Record<PlanId, string>;
  appUrl: string;
  logger: Logger;
  now: () => Date;
}) {
  const { store, provider, priceIds } = deps;

  const planOfPrice = (priceId: string | null): PlanId | null =>
    planIds.find((plan) => priceIds[plan] === priceId) ?? null;

  async function loadState(userId: string): Promise<{ state: BillingState; lastPosition: bigint | null }> {
    const events = await store.readStream(subscriptionStreamId(userId));
    const state = events.reduce(
      (folded, event) => evolveBilling(folded, event as unknown as SubscriptionEvent),
      initialBillingState,
    );
    return { state, lastPosition: events.at(-1)?.position ?? null };
  }

  function run(userId: string, command: BillingCommand, metadata: EventMetadata, extra: StreamWrite[] = []) {
    return handleCommand({
      store,
      streamId: subscriptionStreamId(userId),
      initialState: initialBillingState,
      evolve: evolveBilling,
      decide: decideBilling,
      command,
      metadata,
      now: deps.now,
      extraWrites: (events: SubscriptionEvent[]) => {
        const paidFor = events.flatMap((event): StreamWrite[] =>
          event.type === 'InvoicePurchased' && event.data.sessionId
            ? [
                {
                  streamId: invoiceStreamId(event.data.invoiceId),
                  expectedVersion: 'any',
                  events: [
                    {
                      type: 'InvoicePaidFor',
                      data: {
                        invoiceId: event.data.invoiceId,
                        userId,
                        sessionId: event.data.sessionId,
                        amount: event.data.amount ?? 0,
                        currency: event.data.currency ?? 'EUR',
                      } satisfies Extract<InvoiceEvent, { type: 'InvoicePaidFor' }>['data'],
                      metadata: { ...metadata, at: deps.now().toISOString() },
                    },
                  ],
                },
              ]
            : [],
        );
        const linked = events.flatMap((event): StreamWrite[] =>
          event.type === 'BillingCustomerCreated'
            ? [
                {
                  streamId: billingCustomerStreamId(event.data.provider, event.data.customerId),
                  expectedVersion: 'no_stream',
                  events: [{ type: 'BillingCustomerLinked', data: event.data, metadata }],
                },
              ]
            : [],
        );
        return [...paidFor, ...linked, ...extra];
      },
    });
  }

  function snapshotOf(subscription: ProviderSubscription): SubscriptionSnapshot {
    const plan = planOfPrice(subscription.priceId);
    return {
      subscriptionId: subscription.id,
      provider: provider.name,
      planName: plan === 'pro-monthly' || plan === 'pro-yearly' ? 'Pro' : 'Basic',
      billingCycle: plan === 'pro-yearly' ? 'yearly' : plan === 'pro-monthly' ? 'monthly' : null,
      status: normaliseStatus(subscription.status),
      currentPeriodEnd: subscription.currentPeriodEnd,
      trialEnd: subscription.trialEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      observedAt: subscription.observedAt,
    };
  }

  async function userName(userId: string): Promise<{ email: string | null; name: string | null }> {
    const events = await store.readStream(userStreamId(userId));
    const signedUp = events.find((event) => event.type === 'UserSignedUp')?.data as
      | { email?: string; name?: string }
      | undefined;
    return { email: signedUp?.email ?? null, name: signedUp?.name ?? null };
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
  async function applySession(
    session: ProviderCheckoutSession,
    metadata: EventMetadata,
    extra: StreamWrite[] = [],
  ) {
    const userId = session.userId;
    if (!userId || !session.paid) return null;
    if (session.mode === 'payment') {
      if (!session.invoiceId) return null;
      const command: BillingCommand = {
        type: 'PurchaseInvoice',
        data: {
          userId,
          invoiceId: session.invoiceId,
          sessionId: session.id,
          amount: session.amount ?? planPrices['per-invoice'].amount,
          currency: session.currency ?? 'EUR',
        },
      };
      return run(userId, command, metadata, extra);
    }
    const subscription =
      session.subscription ??
      (session.subscriptionId ? await provider.retrieveSubscription(session.subscriptionId) : null);
    if (!subscription) return null;
    return run(
      userId,
      { type: 'SyncSubscription', data: { userId, snapshot: snapshotOf(subscription) } },
      metadata,
      extra,
    );
  }

  function view(state: BillingState): SubscriptionView | null {
    const subscription = state.subscription;
    if (!subscription) return null;
    return {
      Status: subscription.status,
      PlanName: subscription.planName === 'Pro' ? 'Pro' : 'Basic',
      BillingCycle:
        subscription.billingCycle === 'monthly' || subscription.billingCycle === 'yearly'
          ? subscription.billingCycle
          : null,
      TrialEnd: subscription.trialEnd,
      CurrentPeriodEnd: subscription.currentPeriodEnd,
      CancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    };
  }

  async function changeCancellation(userId: string, cancel: boolean, metadata: EventMetadata) {
    const { state } = await loadState(userId);
    const current = state.subscription;
    const live = current && (current.status === 'active' || current.status === 'trialing');
    if (!current || !live) {
      throw new AppError(
        'conflict',
        cancel ? billingMessages.nothingToCancel : billingMessages.nothingToResume,
        { reason: cancel ? 'nothing_to_cancel' : 'nothing_to_resume' },
      );
    }
    // Asked twice: already so.
    if (current.cancelAtPeriodEnd === cancel) return { subscription: view(state), position: null };
    const updated = await provider.setCancelAtPeriodEnd(current.subscriptionId, cancel);
    const result = await run(
      userId,
      { type: 'SyncSubscription', data: { userId, snapshot: snapshotOf(updated) } },
      metadata,
    );
    return { subscription: view(result.state), position: result.position };
  }

  return {
    providerName: provider.name,

    plans(): PlansAnswer {
      return {
        provider: provider.name,
        plans: planIds.map((id) => ({
          id,
          ...planPrices[id],
          priceId: priceIds[id],
          currency: 'EUR' as const,
        })),
      };
    },

    async startCheckout(
      userId: string,
      input: CheckoutInput,
      metadata: EventMetadata,
    ): Promise<CheckoutAnswer> {
      const plan = input.plan ?? planOfPrice(input.priceId ?? null);
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
        const history = await store.readStream(invoiceStreamId(invoiceId));
        const invoice = history.reduce(
          (folded, event) => evolveInvoice(folded, event as unknown as InvoiceEvent),
          initialInvoiceState,
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
      await run(userId, start(session.id), metadata);
      return { url: session.url, sessionId: session.id };
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
      const { state, lastPosition } = await loadState(userId);
      const subscription = view(state);
      return {
        kind,
        invoiceId: session.invoiceId,
        subscribed: subscription?.Status === 'active' || subscription?.Status === 'trialing',
        subscription,
        position: String(result?.position ?? lastPosition ?? 0n),
      };
    },

    async subscription(userId: string) {
      return view((await loadState(userId)).state);
    },

    cancel: (userId: string, metadata: EventMetadata) => changeCancellation(userId, true, metadata),
    resume: (userId: string, metadata: EventMetadata) => changeCancellation(userId, false, metadata),

    /** The sandbox's Pay button applies the session at once, as Stripe's webhook would. */
    applySession,

    /**
     * A verified Stripe event, applied exactly once (`stripe-webhooks.ts`).
     */
    applyStripeEvent: stripeEventHandler({
      store,
      provider,
      logger: deps.logger,
      run,
      applySession,
      snapshotOf,
    }),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
