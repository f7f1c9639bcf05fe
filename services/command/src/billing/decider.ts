import {
  isPaidUp,
  type PaymentProviderName,
  type PlanId,
  type SubscriptionEvent,
  type SubscriptionStatus,
  subscriptionStatuses,
} from '@remit/contracts';
import type { Decider } from '@remit/eventstore';
import { AppError, type RecordedEvent, unreachable } from '@remit/kit';

/**
 * Billing per user, as the events of `subscription-{userId}` describe it (DESIGN §5). The provider is the
 * source of truth for a subscription: each change Remit learns of (a confirmed checkout, a webhook, a
 * cancel or resume it asked for) arrives as a snapshot of the provider's subscription, and the decider
 * records what changed. Snapshots older than the newest one applied are ignored, so webhooks may arrive
 * in any order; a subscription that ended never comes back.
 */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  provider: PaymentProviderName;
  planName: string;
  billingCycle: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  observedAt: string;
}

/**
 * The subscription as the log knows it; a subscription recorded before billing has no provider id or
 * provider time (null).
 */
export type KnownSubscription = Omit<SubscriptionSnapshot, 'subscriptionId' | 'observedAt'> & {
  subscriptionId: string | null;
  observedAt: string | null;
};

export interface BillingState {
  customer: { provider: PaymentProviderName; id: string } | null;
  subscription: KnownSubscription | null;
  endedSubscriptionIds: string[];
  /** The provider's time of the newest subscription fact applied. */
  lastObservedAt: string | null;
  purchasedInvoiceIds: string[];
  checkoutSessionIds: string[];
}

const initialBillingState: BillingState = {
  customer: null,
  subscription: null,
  endedSubscriptionIds: [],
  lastObservedAt: null,
  purchasedInvoiceIds: [],
  checkoutSessionIds: [],
};

const later = (a: string | null, b: string | null) => (b && (!a || b > a) ? b : a);
const isNewer = (observedAt: string, last: string | null) => !last || observedAt > last;

function evolveBilling(state: BillingState, event: RecordedEvent<SubscriptionEvent>): BillingState {
  switch (event.type) {
    case 'BillingCustomerCreated':
      return { ...state, customer: { provider: event.data.provider, id: event.data.customerId } };
    case 'CheckoutStarted':
      return { ...state, checkoutSessionIds: [...state.checkoutSessionIds, event.data.sessionId] };
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed':
    case 'SubscriptionUpdated':
    case 'SubscriptionCancellationScheduled':
    case 'SubscriptionResumed': {
      const { userId: _user, ...subscription } = event.data;
      return { ...state, subscription, lastObservedAt: later(state.lastObservedAt, subscription.observedAt) };
    }
    case 'SubscriptionObserved':
      return { ...state, lastObservedAt: later(state.lastObservedAt, event.data.observedAt) };
    case 'SubscriptionEnded': {
      const id = event.data.subscriptionId ?? state.subscription?.subscriptionId ?? null;
      const subscription = state.subscription && {
        ...state.subscription,
        status: 'canceled' as const,
        cancelAtPeriodEnd: false,
      };
      return {
        ...state,
        subscription,
        endedSubscriptionIds: id ? [...state.endedSubscriptionIds, id] : state.endedSubscriptionIds,
        lastObservedAt: later(state.lastObservedAt, event.data.observedAt),
      };
    }
    case 'PaymentFailed':
      return state;
    case 'InvoicePurchased':
      return { ...state, purchasedInvoiceIds: [...state.purchasedInvoiceIds, event.data.invoiceId] };
    default:
      return unreachable(event);
  }
}

export type BillingCommand =
  | { type: 'LinkCustomer'; data: { userId: string; provider: PaymentProviderName; customerId: string } }
  | {
      type: 'StartCheckout';
      data: {
        userId: string;
        provider: PaymentProviderName;
        sessionId: string;
        plan: PlanId;
        priceId: string;
        amount: number;
        currency: string;
        invoiceId: string | null;
      };
    }
  | {
      type: 'SyncSubscription';
      data: {
        userId: string;
        snapshot: SubscriptionSnapshot;
        /**
         * Record a picture that changes nothing (SubscriptionObserved) when it is newer than any applied, so
         * an older one delivered later cannot undo it. Webhooks do; a person's repeated request does not,
         * so it writes nothing.
         */
        recordObservation?: boolean;
      };
    }
  | {
      type: 'PurchaseInvoice';
      data: { userId: string; invoiceId: string; sessionId: string; amount: number; currency: string };
    }
  | {
      type: 'RecordPaymentFailure';
      data: {
        userId: string;
        subscriptionId: string | null;
        providerInvoiceId: string;
        amount: number;
        currency: string;
        observedAt: string;
      };
    };

export const billingMessages = {
  invoiceAlreadyOpen: 'This invoice is already paid for',
  alreadySubscribed: 'You already have an active subscription',
  nothingToCancel: 'There is no active subscription to cancel',
  nothingToResume: 'There is no cancelled subscription to resume',
} as const;

/** Whether the user may use everything (spec §6): an active or trialing subscription. */
export const paidUp = (state: BillingState) => isPaidUp(state.subscription?.status);

/** Pure: the events each billing command causes. */
export function decideBilling(state: BillingState, command: BillingCommand): SubscriptionEvent[] {
  switch (command.type) {
    case 'LinkCustomer': {
      if (state.customer) return [];
      return [{ type: 'BillingCustomerCreated', data: command.data }];
    }
    case 'StartCheckout': {
      const { invoiceId, plan } = command.data;
      if (plan === 'per-invoice') {
        if (!invoiceId)
          throw new AppError('validation', 'Choose the invoice to pay for', {
            fields: { invoiceId: 'Choose the invoice to pay for' },
          });
        if (paidUp(state) || state.purchasedInvoiceIds.includes(invoiceId)) {
          throw new AppError('conflict', billingMessages.invoiceAlreadyOpen, {
            reason: 'invoice_already_open',
          });
        }
      } else if (paidUp(state) && !state.subscription?.cancelAtPeriodEnd) {
        throw new AppError('conflict', billingMessages.alreadySubscribed, { reason: 'already_subscribed' });
      }
      return [
        {
          type: 'CheckoutStarted',
          data: { ...command.data, mode: plan === 'per-invoice' ? 'payment' : 'subscription' },
        },
      ];
    }
    case 'SyncSubscription': {
      const { userId, snapshot, recordObservation } = command.data;
      const events = syncSubscription(state, userId, snapshot);
      if (events.length > 0 || !recordObservation || !isNewer(snapshot.observedAt, state.lastObservedAt)) {
        return events;
      }
      if (state.endedSubscriptionIds.includes(snapshot.subscriptionId)) return [];
      const { subscriptionId, observedAt } = snapshot;
      return [{ type: 'SubscriptionObserved', data: { userId, subscriptionId, observedAt } }];
    }
    case 'PurchaseInvoice': {
      if (state.purchasedInvoiceIds.includes(command.data.invoiceId)) return [];
      return [{ type: 'InvoicePurchased', data: command.data }];
    }
    case 'RecordPaymentFailure':
      return [{ type: 'PaymentFailed', data: command.data }];
    default:
      return unreachable(command);
  }
}

export const billingDecider: Decider<BillingState, BillingCommand, SubscriptionEvent> = {
  name: 'billing',
  handles: [
    'BillingCustomerCreated',
    'CheckoutStarted',
    'SubscriptionActivated',
    'SubscriptionRenewed',
    'SubscriptionUpdated',
    'SubscriptionCancellationScheduled',
    'SubscriptionResumed',
    'SubscriptionObserved',
    'SubscriptionEnded',
    'PaymentFailed',
    'InvoicePurchased',
  ],
  initialState: initialBillingState,
  evolve: evolveBilling,
  decide: decideBilling,
};

function syncSubscription(
  state: BillingState,
  userId: string,
  next: SubscriptionSnapshot,
): SubscriptionEvent[] {
  if (state.endedSubscriptionIds.includes(next.subscriptionId)) return [];
  const current = state.subscription;
  const sameSubscription = current?.subscriptionId === next.subscriptionId;
  // An older picture of the subscription we follow changes nothing; a different subscription's older
  // picture neither (the newest subscription wins). Pictures that changed nothing count too
  // (SubscriptionObserved), or an older one delivered after them would undo them.
  if (state.lastObservedAt && next.observedAt < state.lastObservedAt) return [];
  const data = { userId, ...next };
  if (next.status === 'canceled') {
    // Another subscription than the one in force ended: nothing changes for the user.
    if (current && !sameSubscription && isPaidUp(current.status)) return [];
    const { subscriptionId, observedAt } = next;
    return [{ type: 'SubscriptionEnded', data: { userId, subscriptionId, observedAt } }];
  }
  if (!current || !sameSubscription || !isPaidUp(current.status)) {
    return [{ type: isPaidUp(next.status) ? 'SubscriptionActivated' : 'SubscriptionUpdated', data }];
  }
  if (!current.cancelAtPeriodEnd && next.cancelAtPeriodEnd) {
    return [{ type: 'SubscriptionCancellationScheduled', data }];
  }
  if (current.cancelAtPeriodEnd && !next.cancelAtPeriodEnd) return [{ type: 'SubscriptionResumed', data }];
  if (next.currentPeriodEnd && current.currentPeriodEnd && next.currentPeriodEnd > current.currentPeriodEnd) {
    return [{ type: 'SubscriptionRenewed', data }];
  }
  const changed =
    current.status !== next.status ||
    current.planName !== next.planName ||
    current.billingCycle !== next.billingCycle ||
    current.currentPeriodEnd !== next.currentPeriodEnd ||
    current.trialEnd !== next.trialEnd;
  return changed ? [{ type: 'SubscriptionUpdated', data }] : [];
}

/** The provider's status, as far as Remit keeps statuses apart. */
export function normaliseStatus(status: string): SubscriptionStatus {
  if ((subscriptionStatuses as readonly string[]).includes(status)) return status as SubscriptionStatus;
  if (status === 'incomplete_expired') return 'canceled';
  if (status === 'paused') return 'past_due';
  return 'incomplete';
}
