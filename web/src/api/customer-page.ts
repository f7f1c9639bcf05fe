import {
  POSITION_HEADER,
  type PublicCheckoutAnswer,
  type PublicConfirmAnswer,
  type PublicInvoiceView,
  publicCheckoutAnswerSchema,
  publicConfirmAnswerSchema,
  publicInvoiceViewSchema,
  type ShareAnswer,
  shareAnswerSchema,
  sharedInvoiceOwnerAnswerSchema,
} from '@remit/contracts';
import { request } from './client';
import { ApiError } from './errors';
import { readPosition, readToken } from './session';

/** `POST /invoices/{id}/share`: a new link (its URL, shown once) or, with one active, `url: null`. */
export function shareInvoice(invoiceId: string, idempotencyKey: string): Promise<ShareAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/share`, {
    body: {},
    idempotencyKey,
    schema: shareAnswerSchema,
  });
}

/** 'Stop sharing': the link no longer opens the invoice. */
export function stopSharing(invoiceId: string, idempotencyKey: string): Promise<ShareAnswer> {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/share/revoke`, {
    body: {},
    idempotencyKey,
    schema: shareAnswerSchema,
  });
}

/** Where the customer page's parts are: no sign-in, the token is the only key. */
export const publicInvoicePath = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;

/** The customer page's data; null when the link opens nothing (one answer for every such link). */
export async function fetchPublicInvoice(
  token: string,
  signal?: AbortSignal,
): Promise<PublicInvoiceView | null> {
  // A signed-in owner's token says "not the customer" (their look is not recorded as a view) and their last
  // write's position makes the page show a payment they just recorded; the answer is the same for anyone.
  const session = readToken();
  const position = readPosition();
  const headers = new Headers({ Accept: 'application/json' });
  if (session) headers.set('Authorization', `Bearer ${session}`);
  if (session && position) headers.set(POSITION_HEADER, position);
  let response = await fetch(publicInvoicePath(token), { headers, signal });
  // A token of an ended session is refused (401) everywhere; the page needs none, so it asks again without.
  if (response.status === 401 && session) {
    response = await fetch(publicInvoicePath(token), { headers: { Accept: 'application/json' }, signal });
  }
  if (response.status === 404) return null;
  if (response.status === 429) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    throw new Error(
      typeof body.error === 'string' ? body.error : 'Too many requests. Please try again soon.',
    );
  }
  if (!response.ok)
    throw new Error(`The invoice could not be loaded (${response.status}). Please try again.`);
  return publicInvoiceViewSchema.parse(await response.json());
}

export async function fetchPublicPreview(token: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`${publicInvoicePath(token)}/preview`, { signal });
  if (!response.ok) throw new Error(`The preview could not be loaded (${response.status})`);
  return response.text();
}

/**
 * The invoice a link opens, if the signed-in user owns it (the customer page's owner bar); null for anyone
 * else, with no more said than for a wrong link.
 */
export async function fetchSharedInvoiceOwner(token: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const answer = await request('GET', `/shared-invoices/${encodeURIComponent(token)}`, {
      schema: sharedInvoiceOwnerAnswerSchema,
      ...(signal ? { signal } : {}),
    });
    return answer.invoiceId;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function publicCommand<T>(path: string, body: unknown, parse: (json: unknown) => T): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (!response.ok) {
    throw new Error(
      typeof json.error === 'string' ? json.error : `The payment could not be started (${response.status})`,
    );
  }
  return parse(json);
}

/** 'Pay {amount}' (issue 31): a checkout of the balance due on the owner's payment account. */
export function startPublicCheckout(token: string): Promise<PublicCheckoutAnswer> {
  return publicCommand(`${publicInvoicePath(token)}/checkout`, {}, (json) =>
    publicCheckoutAnswerSchema.parse(json),
  );
}

/** Back from checkout: the payment as the provider has it, recorded if its webhook has not come yet. */
export function confirmPublicCheckout(token: string, sessionId: string): Promise<PublicConfirmAnswer> {
  return publicCommand(`${publicInvoicePath(token)}/confirm`, { sessionId }, (json) =>
    publicConfirmAnswerSchema.parse(json),
  );
}
