import {
  isDocumentLanguage,
  type OnlinePaymentsStatus,
  onlinePaymentMessages,
  type StreamInvoice,
} from '@remit/contracts';
import { balanceOf, isSettled } from '@remit/domain';
import { type EventMetadata, type EventStore, events } from '@remit/eventstore';
import { AppError, type Logger } from '@remit/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Commands } from '../commands.js';
import { hashShareToken } from '../invoices/share-routes.js';
import {
  type OnlinePaymentsAccount,
  onlinePaymentsAccount,
  onOnlinePayments,
  stateOfAccount,
} from './account.js';
import { type InvoicePaymentProvider, SESSION_PLACEHOLDER } from './provider.js';
import { createSettle, loadInvoice } from './settle.js';
import { createStripeEvents } from './stripe-events.js';

export type { SettleOutcome } from './settle.js';

const linkNotValid = () => new AppError('not_found', 'This invoice link is not valid');

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

  const loadAccount = (userId: string) => onlinePaymentsAccount(store, userId);
  const settle = createSettle({ store, commands, provider, logger });
  const stripeEvents = createStripeEvents({ store, commands, provider, settle });

  function statusOf(account: OnlinePaymentsAccount): OnlinePaymentsStatus {
    return {
      mode: provider.mode,
      provider: provider.name,
      state: stateOfAccount(account),
      accountId: account.current?.accountId ?? null,
    };
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
    const state = await loadInvoice(store, invoiceId);
    if (!state.exists || state.deleted || !state.content || !state.userId) throw linkNotValid();
    if (state.collection.shareId !== shared.shareId) throw linkNotValid();
    return { invoiceId, userId: state.userId, state, content: state.content };
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
          language: isDocumentLanguage(content.eInvoice?.language) ? content.eInvoice.language : 'en',
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
      const state = await loadInvoice(store, invoiceId);
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

    /** The invoice's document language: what its customer reads the sandbox's checkout in. */
    async languageOf(invoiceId: string): Promise<string> {
      return (await loadInvoice(store, invoiceId)).content?.eInvoice?.language ?? 'en';
    },

    takes: (event: Stripe.Event): boolean => stripeEvents.takes(event),
    applyStripeEvent: stripeEvents.applyStripeEvent,
  };
}
