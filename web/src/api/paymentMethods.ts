import {
  type PaymentMethod,
  type PaymentMethodAnswer,
  type PaymentMethodFormInput,
  type PaymentMethodsAnswer,
  paymentMethodTypes,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';

/**
 * The payment methods API (spec §4 Payment method; docs/api.md, Settings): the user's bank transfer
 * and digital payment methods. The answers are validated here; unknown extra fields are dropped.
 */

/** The TanStack query key of `GET /settings/payment-methods`; invalidate it after every command. */
export const paymentMethodsKey = ['settings', 'payment-methods'] as const;

export type { PaymentMethod, PaymentMethodType } from '@remit/contracts';

/** The contracts' `PaymentMethod`, checked at run time (texts default to '' as the API promises). */
export const paymentMethodSchema: z.ZodType<PaymentMethod> = z.object({
  ID: z.string(),
  Name: z.string(),
  Type: z.enum(paymentMethodTypes),
  IsDefault: z.boolean(),
  IsActive: z.boolean(),
  BankName: z.string().optional().default(''),
  AccountNumber: z.string().optional().default(''),
  IBAN: z.string().optional().default(''),
  SWIFT: z.string().optional().default(''),
  PaymentLink: z.string().optional().default(''),
  Instructions: z.string().optional().default(''),
});

const paymentMethodListSchema: z.ZodType<PaymentMethodsAnswer> = z.object({
  paymentMethods: z.array(paymentMethodSchema),
});

// `position` is absent only when the command changed nothing (sendCommandResult leaves it out then).
const paymentMethodCommandSchema = z.object({
  paymentMethod: paymentMethodSchema,
  position: z.string().optional(),
});

/** A command's answer; `position` is read by the client for the next query (X-Remit-Position). */
export type PaymentMethodCommandResult = Omit<PaymentMethodAnswer, 'position'> & { position?: string };

/** The body of `POST` and `PUT /settings/payment-methods`: the contracts' form (camelCase). */
export type PaymentMethodInput = PaymentMethodFormInput;

/** Default first, then oldest first (as the server orders them). */
export async function listPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const answer = await request('GET', '/settings/payment-methods', {
    schema: paymentMethodListSchema,
    signal,
  });
  return answer.paymentMethods;
}

/** The list query, shared by the invoice form and /profile so both cache the same data under one key. */
export const paymentMethodsQuery = queryOptions({
  queryKey: paymentMethodsKey,
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
    schema: paymentMethodCommandSchema,
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
    schema: paymentMethodCommandSchema,
  });
}

/** Flips IsActive: a disabled method is kept but no longer offered on new invoices. */
export function togglePaymentMethod(
  id: string,
  idempotencyKey?: string,
): Promise<PaymentMethodCommandResult> {
  return request('PUT', `/settings/payment-methods/${encodeURIComponent(id)}/toggle`, {
    idempotencyKey,
    schema: paymentMethodCommandSchema,
  });
}
