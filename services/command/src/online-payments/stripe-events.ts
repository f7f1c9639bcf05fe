import { stripeEventStreamId } from '@remit/contracts';
import { type EventMetadata, type EventStore, step } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import type Stripe from 'stripe';
import { stripeEventDecider } from '../billing/stripe-webhooks.js';
import type { Commands } from '../commands.js';
import { onlinePaymentsAccount, onOnlinePayments } from './account.js';
import { type InvoicePaymentProvider, OWN_ACCOUNT } from './provider.js';
import { ownerOfAccount, type Settle, type SettleOutcome } from './settle.js';

const idOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? String((value as { id: unknown }).id)
      : null;

/** The PaymentIntent a Stripe event is about, or the account it changes; null for the rest. */
function subjectOf(event: Stripe.Event): { session?: string; payment?: string; account?: true } | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return { session: String(object.id) };
    case 'payment_intent.succeeded':
      return { payment: String(object.id) };
    case 'charge.succeeded':
    case 'charge.refunded':
    case 'charge.refund.updated':
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
    case 'charge.dispute.closed': {
      const intent = idOf(object.payment_intent);
      return intent ? { payment: intent } : null;
    }
    case 'account.updated':
    case 'account.application.deauthorized':
      return { account: true };
    default:
      return null;
  }
}

/**
 * Stripe's webhooks about invoice payments and connected accounts (D-301): each only names a payment or an
 * account, which is then asked of Stripe as it stands and applied; `stripe-event-{id}` is written after, so a
 * repeat is answered `duplicate` without asking Stripe again.
 */
export function createStripeEvents(deps: {
  store: EventStore;
  commands: Commands;
  provider: InvoicePaymentProvider;
  settle: Settle;
}) {
  const { store, commands, provider, settle } = deps;
  const system: EventMetadata = { userId: null, client: 'webhook' };

  async function applyAccountEvent(event: Stripe.Event, accountId: string): Promise<SettleOutcome> {
    const owner = await ownerOfAccount(store, provider, accountId);
    if (!owner) return 'ignored';
    const meta = { ...system, causationId: event.id, userId: owner };
    if (event.type === 'account.application.deauthorized') {
      const account = await onlinePaymentsAccount(store, owner);
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
        owner = await ownerOfAccount(store, provider, accountId);
      } else if (subject) {
        const payment = subject.session
          ? await provider.paymentOfSession(accountId, subject.session)
          : await provider.payment(accountId, subject.payment as string);
        owner = payment ? await ownerOfAccount(store, provider, accountId) : null;
        if (payment) {
          ({ outcome } = await settle(payment, { ...system, causationId: event.id, commandId: event.id }));
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
