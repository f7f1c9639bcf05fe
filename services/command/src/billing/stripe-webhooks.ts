import { billingCustomerStreamId, type SubscriptionEvent, stripeEventStreamId } from '@remit/contracts';
import {
  type CommandResult,
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type StreamWrite,
} from '@remit/eventstore';
import type { Logger } from '@remit/kit';
import type Stripe from 'stripe';
import type { BillingCommand, BillingState, SubscriptionSnapshot } from './decider.js';
import type { PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './provider.js';
import { fromStripeSession, fromStripeSubscription } from './stripe-provider.js';

type Applied = CommandResult<BillingState, SubscriptionEvent>;

export type StripeEventOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';
export type ApplyStripeEvent = (event: Stripe.Event) => Promise<StripeEventOutcome>;

/**
 * Stripe's webhooks (DESIGN §5): each verified event becomes billing commands, applied exactly once —
 * `stripe-event-{id}` is written with "stream must not exist" in the same transaction as the events it
 * causes. Objects are fetched from Stripe where the event names only an id.
 */
export function stripeEventHandler(deps: {
  store: EventStore;
  provider: PaymentProvider;
  logger: Logger;
  run: (
    userId: string,
    command: BillingCommand,
    metadata: EventMetadata,
    extra?: StreamWrite[],
  ) => Promise<Applied>;
  applySession: (
    session: ProviderCheckoutSession,
    metadata: EventMetadata,
    extra?: StreamWrite[],
  ) => Promise<Applied | null>;
  snapshotOf: (subscription: ProviderSubscription) => SubscriptionSnapshot;
}): ApplyStripeEvent {
  const { store, provider, run, applySession, snapshotOf } = deps;

  /** The user a provider's event is about: our metadata on the object, else the customer's link. */
  async function userOfCustomer(customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    const [linked] = await store.readStream(billingCustomerStreamId(provider.name, customerId));
    return (linked?.data as { userId?: string } | undefined)?.userId ?? null;
  }

  /** What a Stripe event asks of billing; objects are re-fetched where the event holds only an id. */
  async function commandsFor(
    event: Stripe.Event,
    observedAt: string,
  ): Promise<{
    userId: string | null;
    commands: (BillingCommand | { type: 'ApplySession'; session: ProviderCheckoutSession })[];
  }> {
    const object = event.data.object as unknown;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = fromStripeSession(object as Stripe.Checkout.Session, observedAt);
        const userId = session.userId ?? (await userOfCustomer(session.customerId));
        return {
          userId,
          commands: userId ? [{ type: 'ApplySession', session: { ...session, userId } }] : [],
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = fromStripeSubscription(object as Stripe.Subscription, observedAt);
        if (event.type === 'customer.subscription.deleted') subscription.status = 'canceled';
        const userId = subscription.userId ?? (await userOfCustomer(subscription.customerId));
        if (!userId) return { userId, commands: [] };
        return {
          userId,
          commands: [{ type: 'SyncSubscription', data: { userId, snapshot: snapshotOf(subscription) } }],
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = object as Stripe.Invoice;
        const details = invoice.parent?.subscription_details ?? null;
        const subscriptionId = idOf(details?.subscription);
        const userId = details?.metadata?.userId ?? (await userOfCustomer(idOf(invoice.customer)));
        if (!userId) return { userId, commands: [] };
        const commands: BillingCommand[] = [];
        if (event.type === 'invoice.payment_failed') {
          commands.push({
            type: 'RecordPaymentFailure',
            data: {
              userId,
              subscriptionId,
              providerInvoiceId: invoice.id ?? event.id,
              amount: invoice.amount_due,
              currency: invoice.currency.toUpperCase(),
              observedAt,
            },
          });
        }
        // A paid or failed invoice moves the subscription on (renewed, past due): ask Stripe how it stands.
        const fresh = subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null;
        if (fresh) {
          // Fetched after the event, so at least as new as it, whatever the two clocks say.
          const seen = {
            ...fresh,
            observedAt: fresh.observedAt > observedAt ? fresh.observedAt : observedAt,
          };
          commands.push({ type: 'SyncSubscription', data: { userId, snapshot: snapshotOf(seen) } });
        }
        return { userId, commands };
      }
      default:
        return { userId: null, commands: [] };
    }
  }

  /**
   * A verified Stripe event, applied exactly once: `stripe-event-{id}` is written with "stream must not
   * exist" in the same transaction as the events it causes. Answers what happened, for the log.
   */
  return async function applyStripeEvent(event: Stripe.Event): Promise<StripeEventOutcome> {
    const reservation = stripeEventStreamId(event.id);
    if ((await store.streamVersion(reservation)) > 0) return 'duplicate';
    const observedAt = new Date(event.created * 1000).toISOString();
    const metadata: EventMetadata = {
      userId: null,
      client: 'webhook',
      causationId: event.id,
      commandId: event.id,
    };
    const { userId, commands } = await commandsFor(event, observedAt);
    const received: StreamWrite = {
      streamId: reservation,
      expectedVersion: 'no_stream',
      events: [
        { type: 'StripeEventReceived', data: { eventId: event.id, type: event.type, userId }, metadata },
      ],
    };
    try {
      // The reservation rides with the first command that writes; if none does, it is written alone.
      let pending = [received];
      for (const command of commands) {
        const result =
          command.type === 'ApplySession'
            ? await applySession(command.session, { ...metadata, userId }, pending)
            : await run(command.data.userId, command, { ...metadata, userId }, pending);
        if (result && result.events.length > 0) pending = [];
      }
      if (pending.length === 0) return 'applied';
      await store.appendMany(pending);
      if (!userId)
        deps.logger.warn({ eventId: event.id, type: event.type }, 'stripe event for no known user');
      return commands.length > 0 ? 'unchanged' : 'ignored';
    } catch (error) {
      if (error instanceof ConcurrencyError && (await store.streamVersion(reservation)) > 0)
        return 'duplicate';
      throw error;
    }
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
