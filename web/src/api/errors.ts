import type { FieldErrors } from '@remit/contracts';

/** The server answered with an error status and its `{ error, code?, fields? }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

/** The server could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof NetworkError;
}

/**
 * The command did not reach a server that could answer it: no connection (offline), or the proxy in front
 * answering for a server that is down or restarting (502, 504), or the server itself out of its database
 * for a moment (503). Behind a proxy a dead server never looks like a network error, so a command that
 * goes to the outbox when the network is gone goes there on these too, with its key, and is applied once.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return error instanceof ApiError && (error.status === 502 || error.status === 503 || error.status === 504);
}

/** The text to show for a failed call: the server's own message, or the screen's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof NetworkError) return 'You appear to be offline. Check your connection and try again.';
  return fallback;
}
