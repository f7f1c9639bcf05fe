import { newIdempotencyKey, request } from '../api/client';
import { ApiError, isServerUnreachable } from '../api/errors';
import { createInvoice } from '../api/invoiceCreate';
import { logError } from '../lib/log';
import { currentUserId } from './account';
import { type CommandFormat, db as defaultDb, type OutboxCommand, type RemitDatabase } from './database';

/**
 * The outbox: one queue of commands per account, sent in order, each with its own idempotency key, only
 * while that account is signed in (so only ever with its own token). Any feature queues a command with
 * `enqueue`; `useOutboxSync` sends them at start, when the connection returns, and on a backoff timer
 * while the server cannot be reached. A refused command (4xx) stays with the server's message until the
 * user fixes or discards it; it does not hold up the commands behind it.
 */
export interface EnqueueInput {
  method: OutboxCommand['method'];
  path: string;
  body?: unknown;
  /** Reuse the key of an attempt that may have reached the server, so it is applied once. */
  idempotencyKey?: string;
  /** 'invoice-multipart' sends `{ invoice, logo }` as POST /invoices' form; the default is JSON. */
  format?: CommandFormat;
  label: string;
  draftId?: string;
  /** Defaults to the signed-in account. */
  userId?: string;
}

export interface SentCommand {
  command: OutboxCommand;
  /** The server's answer (POST /invoices: `{ id }`). */
  answer: unknown;
}

const database: RemitDatabase = defaultDb;

export async function enqueue(input: EnqueueInput): Promise<OutboxCommand> {
  const userId = input.userId ?? currentUserId();
  if (!userId) throw new Error('Nothing can be queued without a signed-in account');
  const command: OutboxCommand = {
    userId,
    idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
    method: input.method,
    path: input.path,
    body: input.body,
    format: input.format ?? 'json',
    label: input.label,
    ...(input.draftId ? { draftId: input.draftId } : {}),
    createdAt: Date.now(),
    attempts: 0,
  };
  const seq = await database.outbox.add(command);
  return { ...command, seq };
}

/** One account's commands, oldest first. */
export function listCommands(userId: string): Promise<OutboxCommand[]> {
  return database.outbox.where('userId').equals(userId).sortBy('seq');
}

export async function discardCommand(seq: number): Promise<void> {
  await database.outbox.delete(seq);
}

/** Waits 1 s after the first failure, doubling up to 1 min. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A failure worth retrying as is: the server unreachable, a 5xx, a timeout, a rate limit, or the same
 * key still being applied (409 `in_progress`). Anything else from the server is a refusal.
 */
export function isTransient(error: unknown): boolean {
  if (isServerUnreachable(error)) return true;
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409) return error.code === 'in_progress' || error.code === 'contention';
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

async function send(command: OutboxCommand): Promise<unknown> {
  if (command.format === 'invoice-multipart') {
    const { invoice, logo } = command.body as { invoice: Record<string, unknown>; logo: string | null };
    return createInvoice({ invoice, logo, idempotencyKey: command.idempotencyKey } as Parameters<
      typeof createInvoice
    >[0]);
  }
  return request(command.method, command.path, {
    ...(command.body === undefined ? {} : { body: command.body }),
    idempotencyKey: command.idempotencyKey,
  });
}

export interface FlushResult {
  sent: SentCommand[];
  refused: OutboxCommand[];
  /** When the next automatic attempt is due, if a command is waiting on the server. */
  retryAt: number | null;
}

async function sendAll(userId: string, force: boolean, onSent: (sent: SentCommand) => void) {
  const result: FlushResult = { sent: [], refused: [], retryAt: null };
  for (const command of await listCommands(userId)) {
    if (command.lastError) continue;
    const now = Date.now();
    if (!force && command.nextAttemptAt && command.nextAttemptAt > now) {
      result.retryAt = command.nextAttemptAt;
      break;
    }
    // Signed out (or another account signed in) since the run began: stop before using its token.
    if (currentUserId() !== userId) break;
    try {
      const answer = await send(command);
      await database.outbox.delete(command.seq ?? -1);
      const sent = { command, answer };
      result.sent.push(sent);
      onSent(sent);
    } catch (error) {
      const attempts = command.attempts + 1;
      if (isTransient(error)) {
        const nextAttemptAt = Date.now() + backoffMs(attempts);
        await database.outbox.update(command.seq ?? -1, { attempts, nextAttemptAt });
        result.retryAt = nextAttemptAt;
        // The rest wait behind it, so they are applied in the order they were made.
        break;
      }
      logError('Outbox command refused', error);
      const refusal = {
        attempts,
        lastError: (error instanceof ApiError && error.message) || 'Refused by the server',
        fieldErrors: error instanceof ApiError ? error.fields : {},
      };
      await database.outbox.update(command.seq ?? -1, refusal);
      result.refused.push({ ...command, ...refusal });
    }
  }
  return result;
}

const running = new Map<string, Promise<FlushResult>>();

/**
 * Sends the signed-in account's waiting commands in order. One run at a time per tab, and one at a time
 * across tabs where the browser has Web Locks. `force` (the Retry button) ignores the backoff.
 */
export function flushOutbox(
  options: { force?: boolean; onSent?: (sent: SentCommand) => void } = {},
): Promise<FlushResult> {
  const userId = currentUserId();
  if (!userId) return Promise.resolve({ sent: [], refused: [], retryAt: null });
  const existing = running.get(userId);
  if (existing) return existing;
  const work = () => sendAll(userId, options.force ?? false, options.onSent ?? (() => {}));
  const run = (
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request(`remit-outbox-${userId}`, work)
      : work()
  ).finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}

export const RETRY_EVENT = 'remit:outbox-retry';

/**
 * Asks the signed-in tab's outbox sync (useOutboxSync) to send now, ignoring the backoff: the Retry
 * button, and any feature right after `enqueue`.
 */
export function retryOutboxNow(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(RETRY_EVENT));
}

/** The honest toast for a command that went into the outbox: offline, or the server unreachable. */
export function offlineQueuedMessage(what: string): string {
  return typeof navigator !== 'undefined' && !navigator.onLine
    ? `You are offline. ${what} will be sent when you are back online.`
    : `The server could not be reached. ${what} is queued and will be sent automatically.`;
}
