import {
  type BankCsvMapping,
  type BankImportAnswer,
  type BankMatchInput,
  type BankTransactionState,
  bankCsvMappingAnswerSchema,
  bankImportAnswerSchema,
  bankTransactionListSchema,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';
import { bankKeys } from './keys';

/** The bank statements API (issue 31; docs/api.md, "Bank"), read with the contracts' schemas. */

export const bankTransactionsQuery = (state: BankTransactionState) =>
  queryOptions({
    queryKey: bankKeys.transactions(state),
    queryFn: async ({ signal }) =>
      (
        await request('GET', `/bank-transactions?${new URLSearchParams({ state })}`, {
          schema: bankTransactionListSchema,
          signal,
        })
      ).transactions,
  });

export const bankCsvMappingQuery = queryOptions({
  queryKey: bankKeys.csvMapping,
  queryFn: async ({ signal }) =>
    (await request('GET', '/bank-csv-mapping', { schema: bankCsvMappingAnswerSchema, signal })).mapping,
});

export function importStatement(file: File, idempotencyKey?: string): Promise<BankImportAnswer> {
  const form = new FormData();
  form.set('file', file);
  return request('POST', '/bank-statements', { form, idempotencyKey, schema: bankImportAnswerSchema });
}

const matchAnswerSchema = z.object({ id: z.string(), remaining: z.number() });

export function matchBankTransaction(id: string, input: BankMatchInput, idempotencyKey?: string) {
  return request('POST', `/bank-transactions/${encodeURIComponent(id)}/match`, {
    body: input,
    idempotencyKey,
    schema: matchAnswerSchema,
  });
}

export function ignoreBankTransaction(id: string, idempotencyKey?: string) {
  return request('POST', `/bank-transactions/${encodeURIComponent(id)}/ignore`, { idempotencyKey });
}

export function saveCsvMapping(mapping: BankCsvMapping, idempotencyKey?: string) {
  return request('PUT', '/bank-csv-mapping', { body: mapping, idempotencyKey });
}
