import {
  billingCustomerStreamId,
  readEvent,
  type StripeEvent,
  type SubscriptionEvent,
  stripeEventStreamId,
} from '@remit/contracts';
import {
  type Decider,
  type EventMetadata,
  type EventStore,
  type Step,
  type StepOutcome,
  step,
} from '@remit/eventstore';
import { AppError, type Logger } from '@remit/kit';
import type Stripe from 'stripe';
import type { Commands } from '../commands.js';
import type { BillingCommand, BillingState, SubscriptionSnapshot } from './decider.js';
import type { PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './provider.js';
import { fromStripeSession, fromStripeSubscription } from './stripe-provider.js';

type Applied = StepOutcome<BillingState, SubscriptionEvent>;

const duplicateDelivery = () =>
  new AppError('conflict', 'This Stripe event was applied before', { reason: 'duplicate' });

/** `stripe-event-{id}`: written once, with the first events the Stripe event causes. */
export const stripeEventDecider: Decider<
  { received: boolean },
  { type: 'Receive'; data: StripeEvent['data'] },
  StripeEvent
> = {
  name: 'stripe-event',
  handles: ['StripeEventReceived'],
  initialState: { received: false },
  evolve: () => ({ received: true }),
  decide(state, { data }) {
    if (state.received) throw duplicateDelivery();
    return [{ type: 'StripeEventReceived', data }];
  },
};

export type StripeEventOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';
export type ApplyStripeEvent = (event: Stripe.Event) => Promise<StripeEventOutcome>;

/**
 * Stripe's webhooks (DESIGN §5): each verified event becomes billing commands, applied exactly once —
 * `stripe-event-{id}` is written with "stream must not exist" in the same transaction as the events it
 * causes. Objects are fetched from Stripe where the event names only an id.
 */
export function stripeEventHandler(deps: {
  store: EventStore;
  commands: Commands;
  provider: PaymentProvider;
  logger: Logger;
  run: (userId: string, command: BillingCommand, metadata: EventMetadata, also?: Step[]) => Promise<Applied>;
  applySession: (
    session: ProviderCheckoutSession,
    metadata: EventMetadata,
    also?: Step[],
  ) => Promise<Applied | null>;
  snapshotOf: (subscription: ProviderSubscription) => SubscriptionSnapshot;
}): ApplyStripeEvent {
  const { store, provider, run, applySession, snapshotOf } = deps;

  /** The user a provider's event is about: our metadata on the object, else the customer's link. */
  async function userOfCustomer(customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    const [linked] = (await store.readStream(billingCustomerStreamId(provider.name, customerId))).map(
      readEvent,
    );
    return linked?.type === 'BillingCustomerLinked' ? linked.data.userId : null;
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
        const sent = fromStripeSubscription(object as Stripe.Subscription, observedAt);
        const userId = sent.userId ?? (await userOfCustomer(sent.customerId));
        if (!userId) return { userId, commands: [] };
        // A deletion is final. Otherwise the event's picture may be older than another already applied
        // (deliveries come in any order, and `created` counts whole seconds): ask Stripe how it stands now.
        const deleted = event.type === 'customer.subscription.deleted';
        const current = deleted ? null : await provider.retrieveSubscription(sent.id);
        const subscription = current ? atLeastAsNew(current, observedAt) : sent;
        if (deleted) subscription.status = 'canceled';
        return {
          userId,
          commands: [
            {
              type: 'SyncSubscription',
              data: { userId, snapshot: snapshotOf(subscription), recordObservation: true },
            },
          ],
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
          const snapshot = snapshotOf(atLeastAsNew(fresh, observedAt));
          commands.push({ type: 'SyncSubscription', data: { userId, snapshot, recordObservation: true } });
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
    const { userId, commands: wanted } = await commandsFor(event, observedAt);
    const received = step({
      decider: stripeEventDecider,
      streams: reservation,
      command: { type: 'Receive', data: { eventId: event.id, type: event.type, userId } },
    });
    try {
      // The reservation rides with the first command that writes; if none does, it is written alone.
      let pending: Step[] = [received];
      let changed = false;
      for (const command of wanted) {
        const result =
          command.type === 'ApplySession'
            ? await applySession(command.session, { ...metadata, userId }, pending)
            : await run(command.data.userId, command, { ...metadata, userId }, pending);
        if (result && result.events.length > 0) pending = [];
        if (result?.events.some((written) => written.type !== 'SubscriptionObserved')) changed = true;
      }
      if (changed) return 'applied';
      if (pending.length === 0) return 'unchanged';
      await deps.commands.execute(received, metadata);
      if (!userId)
        deps.logger.warn({ eventId: event.id, type: event.type }, 'stripe event for no known user');
      return wanted.length > 0 ? 'unchanged' : 'ignored';
    } catch (error) {
      if (error instanceof AppError && error.reason === 'duplicate') return 'duplicate';
      throw error;
    }
  };
}

/** Fetched after the event, so at least as new as it, whatever Stripe's clock and ours say. */
const atLeastAsNew = (fetched: ProviderSubscription, eventTime: string): ProviderSubscription => ({
  ...fetched,
  observedAt: fetched.observedAt > eventTime ? fetched.observedAt : eventTime,
});

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
