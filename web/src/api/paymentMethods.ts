import {
  type PaymentMethod,
  type PaymentMethodAnswer,
  type PaymentMethodFormInput,
  paymentMethodAnswerSchema,
  paymentMethodsAnswerSchema,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { paymentMethodKeys } from './keys';

/**
 * The payment methods API (spec §4 Payment method; docs/api.md, Settings): the user's bank transfer
 * and digital payment methods, read with the contracts' schemas.
 */

export type { PaymentMethod, PaymentMethodType } from '@remit/contracts';

/** A command's answer; `position` is read by the client for the next query (X-Remit-Position). */
export type PaymentMethodCommandResult = PaymentMethodAnswer;

/** The body of `POST` and `PUT /settings/payment-methods`: the contracts' form (camelCase). */
export type PaymentMethodInput = PaymentMethodFormInput;

/** Default first, then oldest first (as the server orders them). */
export async function listPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const answer = await request('GET', '/settings/payment-methods', {
    schema: paymentMethodsAnswerSchema,
    signal,
  });
  return answer.paymentMethods;
}

/** The list query, shared by the invoice form and /profile so both cache the same data under one key. */
export const paymentMethodsQuery = queryOptions({
  queryKey: paymentMethodKeys.list,
  queryFn: ({ signal }) => listPaymentMethods(signal),
  staleTime: 60_000,
});

/** The method a new invoice starts with: the active default, or none. */
export function defaultPaymentMethodId(methods: readonly PaymentMethod[]): string | null {
  return methods.find((method) => method.IsActive && method.IsDefault)?.ID ?? null;
}

export function createPaymentMethod(
  input: PaymentMethodInput,
  idempotencyKey?: string,
): Promise<PaymentMethodCommandResult> {
  return request('POST', '/settings/payment-methods', {
    body: input,
    idempotencyKey,
    schema: paymentMethodAnswerSchema,
  });
}

export function updatePaymentMethod(
  id: string,
  input: PaymentMethodInput,
  idempotencyKey?: string,
): Promise<PaymentMethodCommandResult> {
  return request('PUT', `/settings/payment-methods/${encodeURIComponent(id)}`, {
    body: input,
    idempotencyKey,
    schema: paymentMethodAnswerSchema,
  });
}

/** Flips IsActive: a disabled method is kept but no longer offered on new invoices. */
export function togglePaymentMethod(
  id: string,
  idempotencyKey?: string,
): Promise<PaymentMethodCommandResult> {
  return request('PUT', `/settings/payment-methods/${encodeURIComponent(id)}/toggle`, {
    idempotencyKey,
    schema: paymentMethodAnswerSchema,
  });
}
