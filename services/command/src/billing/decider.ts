import {
  isPaidUp,
  type PlanId,
  type SubscriptionEvent,
  type SubscriptionStatus,
  subscriptionStatuses,
} from '@remit/contracts';
import { AppError } from '@remit/kit';

/**
 * Billing per user, as the events of `subscription-{userId}` describe it (DESIGN §5). The provider is the
 * source of truth for a subscription: each change Remit learns of (a confirmed checkout, a webhook, a
 * cancel or resume it asked for) arrives as a snapshot of the provider's subscription, and the decider
 * records what changed. Snapshots older than the newest one applied are ignored, so webhooks may arrive
 * in any order; a subscription that ended never comes back.
 */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  provider: 'sandbox' | 'stripe';
  planName: string;
  billingCycle: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  observedAt: string;
}

export interface BillingState {
  customer: { provider: 'sandbox' | 'stripe'; id: string } | null;
  subscription: SubscriptionSnapshot | null;
  endedSubscriptionIds: string[];
  /** The provider's time of the newest subscription fact applied. */
  lastObservedAt: string | null;
  purchasedInvoiceIds: string[];
  checkoutSessionIds: string[];
}

export const initialBillingState: BillingState = {
  customer: null,
  subscription: null,
  endedSubscriptionIds: [],
  lastObservedAt: null,
  purchasedInvoiceIds: [],
  checkoutSessionIds: [],
};

const later = (a: string | null, b: string | undefined) => (b && (!a || b > a) ? b : a);

export function evolveBilling(state: BillingState, event: SubscriptionEvent): BillingState {
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
      const data = event.data;
      const subscription: SubscriptionSnapshot = {
        subscriptionId: data.subscriptionId ?? state.subscription?.subscriptionId ?? 'legacy',
        provider: data.provider ?? 'sandbox',
        planName: data.planName,
        billingCycle: data.billingCycle,
        status: data.status,
        currentPeriodEnd: data.currentPeriodEnd,
        trialEnd: data.trialEnd ?? null,
        cancelAtPeriodEnd: data.cancelAtPeriodEnd ?? false,
        observedAt: data.observedAt ?? state.lastObservedAt ?? '',
      };
      return { ...state, subscription, lastObservedAt: later(state.lastObservedAt, data.observedAt) };
    }
    case 'SubscriptionEnded': {
      const id = event.data.subscriptionId ?? state.subscription?.subscriptionId;
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
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export type BillingCommand =
  | { type: 'LinkCustomer'; data: { userId: string; provider: 'sandbox' | 'stripe'; customerId: string } }
  | {
      type: 'StartCheckout';
      data: {
        userId: string;
        provider: 'sandbox' | 'stripe';
        sessionId: string;
        plan: PlanId;
        priceId: string;
        amount: number;
        currency: string;
        invoiceId: string | null;
      };
    }
  | { type: 'SyncSubscription'; data: { userId: string; snapshot: SubscriptionSnapshot } }
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
    case 'SyncSubscription':
      return syncSubscription(state, command.data.userId, command.data.snapshot);
    case 'PurchaseInvoice': {
      if (state.purchasedInvoiceIds.includes(command.data.invoiceId)) return [];
      return [{ type: 'InvoicePurchased', data: command.data }];
    }
    case 'RecordPaymentFailure':
      return [{ type: 'PaymentFailed', data: command.data }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

function syncSubscription(
  state: BillingState,
  userId: string,
  next: SubscriptionSnapshot,
): SubscriptionEvent[] {
  if (state.endedSubscriptionIds.includes(next.subscriptionId)) return [];
  const current = state.subscription;
  const sameSubscription = current?.subscriptionId === next.subscriptionId;
  // An older picture of the subscription we follow changes nothing; a different subscription's older
  // picture neither (the newest subscription wins).
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
