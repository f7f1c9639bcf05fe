/**
 * SQLSTATEs that mean "the database cannot serve you right now", not "your query is wrong": class 08
 * (connection exception), 57P01–57P03 (shut down by an administrator or a crash, or still starting up)
 * and 53300 (too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a database that went away, or of a network between us that did. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres raises these as plain errors, without a code. Anchored: a wrapper's message quotes the
 * query's parameters, which a client chose.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client (has encountered a connection error|was closed) and is not queryable/,
];

function isUnavailableCause(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code))) return true;
  if (typeof code === 'string' && UNAVAILABLE_ERRNOS.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The error inside `error` (itself, a `cause` down Drizzle's wrapping, or one of an AggregateError's) that
 * says the database is out of reach; undefined when none does.
 */
function unavailableCause(error: unknown): object | undefined {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.shift();
    if (!(current instanceof Object)) continue;
    if (isUnavailableCause(current)) return current;
    pending.push((current as { cause?: unknown }).cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return undefined;
}

/**
 * Whether an error means the database is out of reach (restarting, a network blip), so the request may
 * succeed if tried again shortly. Looks through Drizzle's wrapping (`cause`) and AggregateErrors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined;
}

/**
 * The underlying error of an unavailable database as a log line can carry it: its code (SQLSTATE or errno)
 * and message, e.g. `57P01 terminating connection due to administrator command`. A logged `err` shows
 * Drizzle's wrapper, whose message is mostly the query, and the logger redacts every `code`.
 */
export function unavailableReason(error: unknown): string | undefined {
  const cause = unavailableCause(error) as { code?: unknown; message?: unknown } | undefined;
  if (!cause) return undefined;
  const code = typeof cause.code === 'string' ? `${cause.code} ` : '';
  return `${code}${typeof cause.message === 'string' ? cause.message : 'no message'}`;
}
