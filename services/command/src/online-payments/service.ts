import {
  connectedAccountStreamId,
  invoiceStreamId,
  type OnlinePaymentsStatus,
  onlinePaymentMessages,
  onlinePaymentsStreamId,
  readEvent,
  type StreamInvoice,
  stripeEventStreamId,
} from '@remit/contracts';
import { balanceOf, type InvoiceState, invoiceDecider, isSettled } from '@remit/domain';
import { type EventMetadata, type EventStore, events, foldEvents, step } from '@remit/eventstore';
import { AppError, eventCodec, type Logger } from '@remit/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { stripeEventDecider } from '../billing/stripe-webhooks.js';
import type { Commands } from '../commands.js';
import { hashShareToken } from '../invoices/share-routes.js';
import {
  type OnlinePaymentsAccount,
  onlinePaymentsDecider,
  onOnlinePayments,
  stateOfAccount,
} from './account.js';
import {
  type InvoicePaymentProvider,
  OWN_ACCOUNT,
  type ProviderPayment,
  SESSION_PLACEHOLDER,
} from './provider.js';

/** The domain's words for a payment past the balance (kept in step with `decideOnlinePayment`). */
const OVERPAID = 'The invoice was already paid: refunded to the customer';

const linkNotValid = () => new AppError('not_found', 'This invoice link is not valid');

export type SettleOutcome = 'recorded' | 'unchanged' | 'pending' | 'refunded' | 'ignored';
export type OnlinePaymentsService = ReturnType<typeof createOnlinePayments>;

/**
 * Online payments (issue 31): the owner's account (connect, onboarding, disconnect), the customer page's
 * checkout, and the payment recorded on the invoice by itself, exactly once. Whatever tells Remit a
 * payment happened (a webhook of any type, in any order, any number of times; the customer's return; the
 * sandbox's Pay button) only names it: the payment is then asked of the provider as it stands, and the
 * invoice's decider records it once by its PaymentIntent id, and reverses it once if it was refunded or
 * disputed. A payment the invoice cannot take (paid in full meanwhile, voided, deleted, another currency)
 * is refunded at the provider first.
 */
export function createOnlinePayments(deps: {
  store: EventStore;
  commands: Commands;
  provider: InvoicePaymentProvider;
  appUrl: string;
  logger: Logger;
  now: () => Date;
  /** The query side's locking: a locked invoice's link opens nothing, so it takes no payment either. */
  assertInvoiceOpen?: (userId: string, invoice: StreamInvoice) => Promise<void>;
}) {
  const { store, commands, provider, logger } = deps;
  const base = deps.appUrl.replace(/\/+$/, '');
  const system: EventMetadata = { userId: null, client: 'system' };

  async function loadAccount(userId: string): Promise<OnlinePaymentsAccount> {
    return foldEvents(
      onlinePaymentsDecider,
      await store.readStream(onlinePaymentsStreamId(userId)),
      eventCodec,
    );
  }

  async function loadInvoice(invoiceId: string): Promise<InvoiceState> {
    return foldEvents(invoiceDecider, await store.readStream(invoiceStreamId(invoiceId)), eventCodec);
  }

  function statusOf(account: OnlinePaymentsAccount): OnlinePaymentsStatus {
    return {
      mode: provider.mode,
      provider: provider.name,
      state: stateOfAccount(account),
      accountId: account.current?.accountId ?? null,
    };
  }

  async function ownerOfAccount(accountId: string): Promise<string | null> {
    const [linked] = (await store.readStream(connectedAccountStreamId(provider.name, accountId))).map(
      readEvent,
    );
    return linked?.type === 'ConnectedAccountLinked' ? linked.data.userId : null;
  }

  /**
   * The invoice a customer page token opens: its `InvoiceShared` found in the log by the token's hash
   * (the command side reads no read model), and still the invoice's active link on its own stream.
   */
  async function invoiceOfToken(token: string) {
    if (token.length > 100) throw linkNotValid();
    const [shared] = await store.db
      .select({ streamId: events.streamId, shareId: sql<string>`${events.data}->>'shareId'` })
      .from(events)
      .where(
        and(eq(events.type, 'InvoiceShared'), sql`${events.data}->>'tokenHash' = ${hashShareToken(token)}`),
      )
      .orderBy(desc(events.position))
      .limit(1);
    if (!shared) throw linkNotValid();
    const invoiceId = shared.streamId.replace(/^invoice-/, '');
    const state = await loadInvoice(invoiceId);
    if (!state.exists || state.deleted || !state.content || !state.userId) throw linkNotValid();
    if (state.collection.shareId !== shared.shareId) throw linkNotValid();
    return { invoiceId, userId: state.userId, state, content: state.content };
  }

  /** Why the invoice cannot take this payment as it is; null when it can. */
  function problemOf(state: InvoiceState, payment: ProviderPayment): 'gone' | 'currency' | 'overpaid' | null {
    if (!state.exists || state.deleted || !state.content || state.userId !== payment.userId) return 'gone';
    if (state.content.currency !== payment.currency) return 'currency';
    if (state.collection.voided || payment.amount > balanceOf(state.content, state.collection))
      return 'overpaid';
    return null;
  }

  /** Records the payment as the provider has it now; safe to call any number of times, in any order. */
  async function settle(
    payment: ProviderPayment,
    metadata: EventMetadata,
  ): Promise<{ outcome: SettleOutcome; position: bigint | null }> {
    if (!payment.succeeded) return { outcome: 'pending', position: null };
    const owner = await ownerOfAccount(payment.accountId);
    const { userId, invoiceId } = payment;
    // A payment on a connected account counts for that account's owner only, whatever its metadata says.
    if (!owner || !userId || !invoiceId || owner !== userId) {
      logger.warn(
        { paymentId: payment.paymentId, accountId: payment.accountId },
        'online payment of no invoice of the account owner',
      );
      return { outcome: 'ignored', position: null };
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const state = await loadInvoice(invoiceId);
      let reversal = payment.reversal;
      if (!reversal && !state.collection.recorded[payment.paymentId]) {
        const problem = problemOf(state, payment);
        if (problem) {
          await provider.refund(payment.accountId, payment.paymentId);
          if (problem !== 'overpaid') {
            logger.warn({ paymentId: payment.paymentId, invoiceId, problem }, 'online payment refunded');
            return { outcome: 'refunded', position: null };
          }
          reversal = OVERPAID;
        }
      }
      if (state.deleted || !state.exists) return { outcome: 'ignored', position: null };
      try {
        const result = await commands.execute(
          step({
            decider: invoiceDecider,
            streams: invoiceStreamId(invoiceId),
            command: {
              type: 'RecordOnlinePayment',
              data: {
                invoiceId,
                userId,
                paymentId: payment.paymentId,
                amount: payment.amount,
                currency: payment.currency,
                date: payment.date,
                method: payment.method,
                reference: payment.paymentId,
                note: '',
                source: provider.name,
                fee: payment.fee,
                reversal,
              },
            },
          }),
          { ...metadata, userId },
        );
        return { outcome: result.events.length > 0 ? 'recorded' : 'unchanged', position: result.position };
      } catch (error) {
        // Another payment took the balance between the read and the decision: read again (and refund).
        const reason = error instanceof AppError ? error.reason : undefined;
        if (reason !== 'overpayment' && reason !== 'currency_mismatch') throw error;
      }
    }
    throw new AppError('conflict', 'The payment could not be recorded; it will be retried');
  }

  /** The PaymentIntent a Stripe event is about, or the account it changes. */
  function subjectOf(event: Stripe.Event): { session?: string; payment?: string; account?: true } | null {
    const object = event.data.object as unknown as Record<string, unknown>;
    const id = (value: unknown) =>
      typeof value === 'string'
        ? value
        : value && typeof value === 'object'
          ? String((value as { id: unknown }).id)
          : null;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
        return { session: String(object.id) };
      case 'payment_intent.succeeded':
        return { payment: String(object.id) };
      case 'charge.succeeded':
      case 'charge.refunded':
      case 'charge.dispute.created':
      case 'charge.dispute.funds_withdrawn': {
        const intent = id(object.payment_intent);
        return intent ? { payment: intent } : null;
      }
      case 'account.updated':
      case 'account.application.deauthorized':
        return { account: true };
      default:
        return null;
    }
  }

  async function applyAccountEvent(event: Stripe.Event, accountId: string): Promise<SettleOutcome> {
    const owner = await ownerOfAccount(accountId);
    if (!owner) return 'ignored';
    const meta = { ...system, client: 'webhook' as const, causationId: event.id, userId: owner };
    if (event.type === 'account.application.deauthorized') {
      const account = await loadAccount(owner);
      if (account.current?.accountId !== accountId) return 'unchanged';
      const result = await commands.execute(
        onOnlinePayments(owner, { type: 'Disconnect', data: { userId: owner } }),
        meta,
      );
      return result.events.length > 0 ? 'recorded' : 'unchanged';
    }
    const fresh = await provider.retrieveAccount(accountId);
    if (!fresh) return 'ignored';
    const result = await commands.execute(
      onOnlinePayments(owner, { type: 'UpdateAccount', data: { userId: owner, accountId, ...fresh } }),
      meta,
    );
    return result.events.length > 0 ? 'recorded' : 'unchanged';
  }

  return {
    provider,
    async status(userId: string) {
      return statusOf(await loadAccount(userId));
    },

    /** 'Connect': a new account (or the unfinished one) and where the owner goes to finish onboarding. */
    async connect(userId: string, accountType: 'standard' | 'express', metadata: EventMetadata) {
      let account = await loadAccount(userId);
      let position: bigint | null = null;
      if (!account.current) {
        const made = await provider.createAccount({ userId, email: null, accountType });
        const fresh = (await provider.retrieveAccount(made.accountId)) ?? {
          chargesEnabled: false,
          detailsSubmitted: false,
        };
        const result = await commands.execute(
          onOnlinePayments(userId, {
            type: 'Connect',
            data: {
              userId,
              provider: provider.name,
              accountId: made.accountId,
              accountType: made.accountType,
              ...fresh,
            },
          }),
          metadata,
        );
        account = result.state;
        position = result.position;
      }
      const current = account.current;
      const onboarding =
        current && !current.chargesEnabled
          ? await provider.onboardingUrl(
              current.accountId,
              `${base}/profile?online-payments=return`,
              `${base}/profile?online-payments=refresh`,
            )
          : null;
      return {
        ...statusOf(account),
        url: onboarding ?? `${base}/profile?online-payments=connected`,
        position,
      };
    },

    /** Back from onboarding (or asked again): what the provider says of the account now. */
    async refresh(userId: string, metadata: EventMetadata) {
      const account = await loadAccount(userId);
      const current = account.current;
      if (!current) return { ...statusOf(account), position: null };
      const fresh = await provider.retrieveAccount(current.accountId);
      if (!fresh) return { ...statusOf(account), position: null };
      const result = await commands.execute(
        onOnlinePayments(userId, {
          type: 'UpdateAccount',
          data: { userId, accountId: current.accountId, ...fresh },
        }),
        metadata,
      );
      return { ...statusOf(result.state), position: result.position };
    },

    async disconnect(userId: string, metadata: EventMetadata) {
      const result = await commands.execute(
        onOnlinePayments(userId, { type: 'Disconnect', data: { userId } }),
        metadata,
      );
      return { ...statusOf(result.state), position: result.position };
    },

    /** The customer page's 'Pay {amount}': a checkout of the balance due, on the owner's account. */
    async startCheckout(token: string): Promise<{ url: string }> {
      const { invoiceId, userId, state, content } = await invoiceOfToken(token);
      if (deps.assertInvoiceOpen) {
        const { eInvoice: _model, ...shown } = content;
        await deps
          .assertInvoiceOpen(userId, {
            id: invoiceId,
            content: shown,
            paid: state.paid,
            issuedPosition: 0n,
            updatedAt: state.updatedAt ?? deps.now(),
          })
          .catch(() => {
            throw linkNotValid();
          });
      }
      const account = await loadAccount(userId);
      if (stateOfAccount(account) !== 'on' || !account.current) {
        throw new AppError('conflict', onlinePaymentMessages.notConnected, { reason: 'not_connected' });
      }
      const balance = balanceOf(content, state.collection);
      if (state.collection.voided || balance === 0) {
        throw new AppError('conflict', onlinePaymentMessages.nothingDue, { reason: 'nothing_due' });
      }
      const page = `${base}/i/${encodeURIComponent(token)}`;
      const window = Math.floor(deps.now().getTime() / 300_000);
      const { accountId } = account.current;
      return provider
        .createCheckout({
          accountId,
          userId,
          invoiceId,
          invoiceNumber: content.number,
          payee: content.seller.companyName || content.seller.name,
          amount: balance,
          currency: content.currency,
          customerEmail: content.customer.email || null,
          successUrl: `${page}?checkout=return&session_id=${SESSION_PLACEHOLDER}`,
          cancelUrl: `${page}?checkout=cancelled`,
          // A double-click (or a second tab within minutes) gets the same session, not a second charge.
          idempotencyKey: `remit-checkout-${invoiceId}-${accountId}-${balance}-${window}`,
        })
        .then(({ url }) => ({ url }))
        .catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          logger.error({ err: error, invoiceId }, 'checkout not created');
          throw new AppError('unavailable', onlinePaymentMessages.providerFailed);
        });
    },

    /**
     * Back from checkout: the payment as the provider has it, recorded if the webhook has not yet. The
     * session is looked for on the owner's accounts, newest first (one disconnected mid-payment too).
     */
    async confirm(token: string, sessionId: string) {
      const { invoiceId, userId } = await invoiceOfToken(token);
      const account = await loadAccount(userId);
      let position: bigint | null = null;
      let paymentId: string | null = null;
      for (const accountId of [...account.accounts].reverse()) {
        const payment = await provider.paymentOfSession(accountId, sessionId);
        if (!payment) continue;
        if (payment.invoiceId !== invoiceId) throw new AppError('not_found', 'Checkout session not found');
        paymentId = payment.paymentId;
        ({ position } = await settle(payment, { ...system, client: 'web' }));
        break;
      }
      const state = await loadInvoice(invoiceId);
      const content = state.content;
      if (!content) throw linkNotValid();
      const recorded = paymentId ? state.collection.recorded[paymentId] : undefined;
      const settled = isSettled(content, state.collection);
      return {
        paid: Boolean(recorded && !recorded.reversed) || settled,
        balance: balanceOf(content, state.collection),
        settled,
        position,
      };
    },

    settle,

    /** True for the Stripe events this module takes (the rest are billing's). */
    takes(event: Stripe.Event): boolean {
      const object = event.data.object as unknown as { metadata?: Record<string, string> | null };
      if (event.account) return true;
      if (/^(account|charge|payment_intent)\./.test(event.type)) return true;
      return object?.metadata?.purpose === 'invoice-payment';
    },

    /** A verified webhook about an invoice payment or a connected account, applied exactly once. */
    async applyStripeEvent(event: Stripe.Event): Promise<SettleOutcome | 'duplicate'> {
      const reservation = stripeEventStreamId(event.id);
      if ((await store.streamVersion(reservation)) > 0) return 'duplicate';
      const accountId = event.account ?? OWN_ACCOUNT;
      const subject = subjectOf(event);
      let outcome: SettleOutcome = 'ignored';
      let owner: string | null = null;
      if (subject?.account) {
        outcome = await applyAccountEvent(event, accountId);
        owner = await ownerOfAccount(accountId);
      } else if (subject) {
        const payment = subject.session
          ? await provider.paymentOfSession(accountId, subject.session)
          : await provider.payment(accountId, subject.payment as string);
        owner = payment ? await ownerOfAccount(accountId) : null;
        if (payment) {
          ({ outcome } = await settle(payment, {
            userId: null,
            client: 'webhook',
            causationId: event.id,
            commandId: event.id,
          }));
        }
      }
      try {
        await commands.execute(
          step({
            decider: stripeEventDecider,
            streams: reservation,
            command: { type: 'Receive', data: { eventId: event.id, type: event.type, userId: owner } },
          }),
          { userId: owner, client: 'webhook', causationId: event.id, commandId: event.id },
        );
      } catch (error) {
        if (error instanceof AppError && error.reason === 'duplicate') return 'duplicate';
        throw error;
      }
      return outcome;
    },
  };
}
