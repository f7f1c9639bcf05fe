import {
  type ClientAnswer,
  type ClientFormInput,
  type ClientPageAnswer,
  clientAnswerSchema,
  clientCandidatesAnswerSchema,
  clientPageAnswerSchema,
  clientsAnswerSchema,
  type ImportAnswer,
  type ItemAnswer,
  type ItemFormInput,
  importAnswerSchema,
  itemAnswerSchema,
  itemsAnswerSchema,
} from '@remit/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';
import { clientKeys, itemKeys } from './keys';

/**
 * The clients and catalogue API (issue 29; docs/api.md, Clients): read with the contracts' schemas. Every
 * answer is cached per account like the rest (db/persistQueries.ts), so the lists open offline.
 */

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The clients matching `search` (all when empty), with their balances and last invoice. */
export async function searchClients(search: string, archived = false, signal?: AbortSignal) {
  const query = new URLSearchParams({ search, archived: String(archived) });
  return (await request('GET', `/clients?${query}`, { schema: clientsAnswerSchema, signal })).clients;
}

export const clientsQuery = (search: string, archived = false) =>
  queryOptions({
    queryKey: clientKeys.list(search, archived),
    queryFn: ({ signal }) => searchClients(search, archived, signal),
    placeholderData: keepPreviousData,
  });

export const clientPageQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.page(id),
    queryFn: ({ signal }): Promise<ClientPageAnswer> =>
      request('GET', path('/clients', id), { schema: clientPageAnswerSchema, signal }),
  });

export const clientCandidatesQuery = queryOptions({
  queryKey: clientKeys.candidates,
  queryFn: async ({ signal }) =>
    (await request('GET', '/clients/candidates', { schema: clientCandidatesAnswerSchema, signal }))
      .candidates,
});

export function createClient(input: ClientFormInput, idempotencyKey?: string): Promise<ClientAnswer> {
  return request('POST', '/clients', { body: input, idempotencyKey, schema: clientAnswerSchema });
}

/** `version` is the client's as the editor opened it: a later edit elsewhere answers 409. */
export function updateClient(
  id: string,
  input: ClientFormInput,
  version: number,
  idempotencyKey?: string,
): Promise<ClientAnswer> {
  return request('PUT', path('/clients', id), {
    body: { client: input, version },
    idempotencyKey,
    schema: clientAnswerSchema,
  });
}

/** Deleting archives: the client's invoices keep it (D-183). */
export function archiveClient(id: string, idempotencyKey?: string): Promise<ClientAnswer> {
  return request('DELETE', path('/clients', id), { idempotencyKey, schema: clientAnswerSchema });
}

/** The catalogue's items matching `search` (all when empty). */
export async function searchItems(search: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ search });
  return (await request('GET', `/items?${query}`, { schema: itemsAnswerSchema, signal })).items;
}

export const itemsQuery = (search: string) =>
  queryOptions({
    queryKey: itemKeys.list(search),
    queryFn: ({ signal }) => searchItems(search, signal),
    placeholderData: keepPreviousData,
  });

export function createItem(input: ItemFormInput, idempotencyKey?: string): Promise<ItemAnswer> {
  return request('POST', '/items', { body: input, idempotencyKey, schema: itemAnswerSchema });
}

export function updateItem(
  id: string,
  input: ItemFormInput,
  version: number,
  idempotencyKey?: string,
): Promise<ItemAnswer> {
  return request('PUT', path('/items', id), {
    body: { item: input, version },
    idempotencyKey,
    schema: itemAnswerSchema,
  });
}

export function deleteItem(id: string, idempotencyKey?: string): Promise<unknown> {
  return request('DELETE', path('/items', id), {
    idempotencyKey,
    schema: z.object({ position: z.string().optional() }),
  });
}

/** `POST /clients/import` or `/items/import`: the rows the preview will create, in one command (D-187). */
export function importRows(
  kind: 'clients' | 'items',
  rows: ClientFormInput[] | ItemFormInput[],
  idempotencyKey?: string,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.set('import', JSON.stringify({ [kind]: rows }));
  return request('POST', `/${kind}/import`, { form, idempotencyKey, schema: importAnswerSchema });
}
