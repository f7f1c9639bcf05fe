import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';

/**
 * The payment methods API (spec §4 Payment method; docs/api.md, Settings): the user's bank transfer
 * and digital payment methods. The answers are validated here; unknown extra fields are dropped.
 */

/** The TanStack query key of `GET /settings/payment-methods`; invalidate it after every command. */
export const paymentMethodsKey = ['settings', 'payment-methods'] as const;

export const paymentMethodTypes = ['bank_transfer', 'digital'] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

export const paymentMethodSchema = z.object({
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
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const paymentMethodListSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });

// `position` is absent only when the command changed nothing (sendCommandResult leaves it out then).
const paymentMethodCommandSchema = z.object({
  paymentMethod: paymentMethodSchema,
  position: z.string().optional(),
});
export type PaymentMethodCommandResult = z.infer<typeof paymentMethodCommandSchema>;

/** The body of `POST` and `PUT /settings/payment-methods` (the camelCase form; '' or absent when unset). */
export interface PaymentMethodInput {
  name: string;
  type: PaymentMethodType;
  isDefault?: boolean;
  bankName?: string;
  accountNumber?: string;
  iban?: string;
  swift?: string;
  paymentLink?: string;
  instructions?: string;
}

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
