import {
  type RecurringProfileInput,
  recurringCommandAnswerSchema,
  recurringDetailAnswerSchema,
  recurringListAnswerSchema,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { recurringKeys } from './keys';

/** Recurring invoices (issue 33; docs/api.md, "Recurring invoices"). */

const path = (id: string) => `/recurring/${encodeURIComponent(id)}`;

export const recurringListQuery = queryOptions({
  queryKey: recurringKeys.list,
  queryFn: async ({ signal }) =>
    (await request('GET', '/recurring', { schema: recurringListAnswerSchema, signal })).profiles,
});

export const recurringProfileQuery = (id: string) =>
  queryOptions({
    queryKey: recurringKeys.one(id),
    queryFn: ({ signal }) => request('GET', path(id), { schema: recurringDetailAnswerSchema, signal }),
  });

export function createRecurring(input: RecurringProfileInput, idempotencyKey: string) {
  return request('POST', '/recurring', { body: input, idempotencyKey, schema: recurringCommandAnswerSchema });
}

export function updateRecurring(id: string, input: RecurringProfileInput, idempotencyKey: string) {
  return request('PUT', path(id), { body: input, idempotencyKey, schema: recurringCommandAnswerSchema });
}

export function deleteRecurring(id: string, idempotencyKey: string) {
  return request('DELETE', path(id), { idempotencyKey, schema: recurringCommandAnswerSchema });
}

export function pauseOrResumeRecurring(id: string, action: 'pause' | 'resume', idempotencyKey: string) {
  return request('POST', `${path(id)}/${action}`, {
    body: {},
    idempotencyKey,
    schema: recurringCommandAnswerSchema,
  });
}
