import type { FieldErrors } from '@remit/contracts';

/** What went wrong, independent of HTTP; the error handler maps each code to a status in one place. */
export type AppErrorCode =
  | 'validation'
  /** Well-formed, but the state it meets refuses it (a credit above what is left to credit). */
  | 'unprocessable'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export const statusByCode: Record<AppErrorCode, number> = {
  validation: 400,
  unprocessable: 422,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export interface AppErrorOptions {
  /** A finer machine-readable reason for clients, e.g. 'email_not_verified'. */
  reason?: string;
  fields?: FieldErrors;
  /** Sent as `Retry-After` (429, 503): when trying again may succeed. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The one error type of the services. Its message is safe to show to the person using the app. */
export class AppError extends Error {
  readonly reason: string | undefined;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.reason = options.reason;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
