import {
  type ConnectOnlinePaymentsAnswer,
  connectOnlinePaymentsAnswerSchema,
  type OnlinePaymentsStatus,
  onlinePaymentsStatusSchema,
} from '@remit/contracts';
import { request } from './client';

/** `GET /billing/online-payments`: the owner's account and whether customers can pay online. */
export function fetchOnlinePayments(signal?: AbortSignal): Promise<OnlinePaymentsStatus> {
  return request('GET', '/billing/online-payments', { schema: onlinePaymentsStatusSchema, signal });
}

/** 'Connect': the account (made now, or the unfinished one) and where to finish Stripe's onboarding. */
export function connectOnlinePayments(idempotencyKey: string): Promise<ConnectOnlinePaymentsAnswer> {
  return request('POST', '/online-payments/connect', {
    body: { accountType: 'standard' },
    idempotencyKey,
    schema: connectOnlinePaymentsAnswerSchema,
  });
}

/** Back from onboarding: what the provider says of the account now. */
export function refreshOnlinePayments(idempotencyKey: string): Promise<OnlinePaymentsStatus> {
  return request('POST', '/online-payments/refresh', {
    body: {},
    idempotencyKey,
    schema: onlinePaymentsStatusSchema,
  });
}

export function disconnectOnlinePayments(idempotencyKey: string): Promise<OnlinePaymentsStatus> {
  return request('POST', '/online-payments/disconnect', {
    body: {},
    idempotencyKey,
    schema: onlinePaymentsStatusSchema,
  });
}
