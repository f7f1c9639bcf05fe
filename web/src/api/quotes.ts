import {
  type PublicQuoteView,
  publicQuoteViewSchema,
  type QuoteDetail,
  type QuoteList,
  type QuoteResponseInput,
  type QuoteState,
  quoteDetailSchema,
  quoteListSchema,
  quoteShareAnswerSchema,
} from '@remit/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';
import { ApiError } from './errors';
import { publicQuoteKeys, quoteKeys } from './keys';

/** Quotes (issue 33; docs/api.md, "Quotes"): read and written with the contracts' schemas. */

const path = (id: string) => `/quotes/${encodeURIComponent(id)}`;

export const quotesQuery = (state: QuoteState | '', page = 1) =>
  queryOptions({
    queryKey: quoteKeys.list(state, page),
    queryFn: ({ signal }): Promise<QuoteList> => {
      const query = new URLSearchParams({ page: String(page), ...(state ? { state } : {}) });
      return request('GET', `/quotes?${query}`, { schema: quoteListSchema, signal });
    },
    placeholderData: keepPreviousData,
    // The customer answers elsewhere: every look asks the server again (the cache shows meanwhile).
    staleTime: 0,
  });

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: quoteKeys.one(id),
    queryFn: ({ signal }): Promise<QuoteDetail> =>
      request('GET', path(id), { schema: quoteDetailSchema, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

const createdSchema = z.object({ id: z.string(), number: z.string() });

/** `POST /quotes`: the invoice payload plus `validUntil` and the owner's time zone. */
export function createQuote(quote: Record<string, unknown>, idempotencyKey: string) {
  return request('POST', '/quotes', { body: quote, idempotencyKey, schema: createdSchema });
}

/** `PUT /quotes/{id}`: the whole form again; the quote keeps its number. Refused (409) once answered or converted. */
export function updateQuote(id: string, quote: Record<string, unknown>, idempotencyKey: string) {
  return request('PUT', path(id), { body: quote, idempotencyKey, schema: createdSchema });
}

export function deleteQuote(id: string, idempotencyKey: string) {
  return request('DELETE', path(id), { idempotencyKey });
}

const sentSchema = z.object({ to: z.array(z.string()) });

/** Mails the quote with its PDF and a new link to its page (to the customer's e-mail when `to` is empty). */
export function sendQuote(id: string, idempotencyKey: string) {
  return request('POST', `${path(id)}/send`, { body: {}, idempotencyKey, schema: sentSchema });
}

/** A new link to the quote's page; the answer is the only time it is shown. */
export function shareQuote(id: string, idempotencyKey: string) {
  return request('POST', `${path(id)}/share`, { body: {}, idempotencyKey, schema: quoteShareAnswerSchema });
}

const convertedSchema = z.object({ invoiceId: z.string(), invoiceNumber: z.string() });

/** 'Convert to invoice': once; the same key answers the first conversion again. */
export function convertQuote(id: string, idempotencyKey: string) {
  return request('POST', `${path(id)}/invoice`, { body: {}, idempotencyKey, schema: convertedSchema });
}

export const quotePdfPath = (id: string) => `/api${path(id)}/pdf`;

/** Where the quote's customer page reads: no sign-in, the token is the only key. */
export const publicQuotePath = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;

export const publicQuoteQuery = (token: string) =>
  queryOptions({
    queryKey: publicQuoteKeys.view(token),
    queryFn: async ({ signal }): Promise<PublicQuoteView | null> => {
      const response = await fetch(publicQuotePath(token), {
        headers: { Accept: 'application/json' },
        signal,
      });
      if (response.status === 404) return null;
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: unknown };
        throw new Error(
          typeof body.error === 'string'
            ? body.error
            : `The quote could not be loaded (${response.status}). Please try again.`,
        );
      }
      return publicQuoteViewSchema.parse(await response.json());
    },
    meta: { persist: false },
    retry: false,
  });

const answeredSchema = z.object({ state: z.string() });

/** The customer's answer on the page: accept or decline with their name and an optional note. */
export function answerQuote(
  token: string,
  verb: 'accept' | 'decline',
  input: QuoteResponseInput,
  idempotencyKey: string,
) {
  return request('POST', `/public/quotes/${encodeURIComponent(token)}/${verb}`, {
    body: input,
    idempotencyKey,
    token: null,
    schema: answeredSchema,
  });
}
