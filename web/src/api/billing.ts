import {
  type CheckoutAnswer,
  type CheckoutRequest,
  type ConfirmAnswer,
  checkoutAnswerSchema,
  confirmAnswerSchema,
  type PlansAnswer,
  plansAnswerSchema,
  type SubscriptionAnswer,
  type SubscriptionChange,
  subscriptionAnswerSchema,
  subscriptionChangeSchema,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { billingKeys } from './keys';

/** docs/api.md, Billing: every answer is read with its schema from contracts. */
export type { SubscriptionChange } from '@remit/contracts';

function fetchPlans(signal?: AbortSignal): Promise<PlansAnswer> {
  return request('GET', '/billing/plans', { schema: plansAnswerSchema, signal });
}

export const plansQuery = queryOptions({
  queryKey: billingKeys.plans,
  queryFn: ({ signal }) => fetchPlans(signal),
  staleTime: 60 * 60_000,
});

/** The current subscription (`GET /subscription`), for the plans screen. */
export const subscriptionViewQuery = queryOptions({
  queryKey: billingKeys.subscription,
  queryFn: ({ signal }) => fetchSubscription(signal),
  staleTime: 0,
});

/** Where to send the browser to pay; the caller goes there with `window.location.assign`. */
export function createCheckoutSession(body: CheckoutRequest): Promise<CheckoutAnswer> {
  return request('POST', '/create-checkout-session', { schema: checkoutAnswerSchema, body });
}

/**
 * Confirms what the checkout `sessionId` paid for: one invoice when `invoiceId` is given, else the
 * subscription. The server answers the same for the same session, so a repeat is harmless.
 */
export function confirmCheckout(sessionId: string, invoiceId?: string | null): Promise<ConfirmAnswer> {
  if (invoiceId) {
    return request('POST', '/confirm-one-time-payment', {
      schema: confirmAnswerSchema,
      body: { sessionId, invoiceId },
    });
  }
  return request('POST', '/confirm-subscription', { schema: confirmAnswerSchema, body: { sessionId } });
}

function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionAnswer> {
  return request('GET', '/subscription', { schema: subscriptionAnswerSchema, signal });
}

export function cancelSubscription(idempotencyKey: string): Promise<SubscriptionChange> {
  return request('POST', '/subscriptions/cancel', { schema: subscriptionChangeSchema, idempotencyKey });
}

export function resumeSubscription(idempotencyKey: string): Promise<SubscriptionChange> {
  return request('POST', '/subscriptions/resume', { schema: subscriptionChangeSchema, idempotencyKey });
}
