import { apiErrorSchema, IDEMPOTENCY_HEADER, POSITION_HEADER } from '@remit/contracts';
import { ApiError, NetworkError } from './errors';
import { reportAnswer, reportNoAnswer } from './reachability';
import { readPosition, readToken, rememberPosition } from './session';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a zod or zod/mini schema offers the client. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  /**
   * Validates (and strips) the answer: one of the contracts' response schemas (zod or zod/mini), or a
   * loader of one, for requests of the first screen whose schema need not be in its JavaScript.
   */
  schema?: AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
  body?: unknown;
  /** A multipart body (sent as is; the browser sets its boundary). */
  form?: FormData;
  signal?: AbortSignal;
  /** Reuse a key when retrying the same command, so the server applies it once. */
  idempotencyKey?: string;
  /** `If-Match`: the revision an edit was made on (PUT /invoices/{id}, issue 27). */
  ifMatch?: string;
  /** This bearer token rather than the stored one (null: none), e.g. a logout after the token was forgotten. */
  token?: string | null;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when the server refuses our token (the session ended elsewhere or expired). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a LAN address over http is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return new ApiError(status, '');
  return new ApiError(status, parsed.data.error, parsed.data.code, parsed.data.fields);
}

/**
 * One call to the API under /api: the bearer token on every request, an idempotency key on every
 * command, and the last position on every query so the query waits for our own writes.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  let response = await send(method, path, options);
  // The server waited for our last write and answered before its read models had it (`X-Remit-Stale`): ask
  // again (the server waits again), a few times, rather than show a screen without what the user just did.
  for (
    let retry = 0;
    retry < STALE_RETRIES && isStale(method, response) && !options.signal?.aborted;
    retry++
  ) {
    response = await send(method, path, options);
  }
  const body = await readJson(response);
  rememberPosition(response.headers.get(POSITION_HEADER));
  if (body && typeof body === 'object' && 'position' in body) rememberPosition(body.position);
  if (!options.schema) return body as T;
  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  return schema.parse(body);
}

/** How often a query whose answer came back stale is asked again (each waits up to READ_YOUR_WRITES_WAIT_MS). */
const STALE_RETRIES = 2;
const isStale = (method: Method, response: Response) =>
  method === 'GET' && response.headers.get('X-Remit-Stale') === 'true';

/** Asks the server whether it is up (no token, no position): its answer updates reachability.ts. */
export async function probeServer(): Promise<void> {
  await send('GET', '/health/live', {});
}

/** A call whose answer is not JSON (HTML previews, PDFs): the raw response once it is OK. */
export async function requestRaw(
  method: Method,
  path: string,
  options: Omit<RequestOptions<never>, 'schema'> = {},
): Promise<Response> {
  return send(method, path, options);
}

async function send(method: Method, path: string, options: Omit<RequestOptions<unknown>, 'schema'>) {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method === 'GET') {
    const position = readPosition();
    if (position) headers.set(POSITION_HEADER, position);
  } else {
    headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey ?? newIdempotencyKey());
  }
  if (options.ifMatch !== undefined) headers.set('If-Match', options.ifMatch);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const body = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportNoAnswer();
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed');
  }

  reportAnswer(response.status);
  if (!response.ok) {
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener();
    throw toApiError(response.status, await readJson(response));
  }
  return response;
}
