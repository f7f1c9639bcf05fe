import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError, isNetworkError } from '../../api/errors';
import { createInvoice } from '../../api/invoices';
import { type Draft, db, type OutboxCommand } from '../../db/database';
import { logError } from '../../lib/log';

/** The body of a queued 'issue invoice' command: the multipart parts, kept as JSON. */
export interface QueuedInvoice {
  invoice: { invoiceNumber?: string; customerName?: string } & Record<string, unknown>;
  logo: string | null;
}

export interface SentRecord {
  idempotencyKey: string;
  label: string;
  invoiceId: string;
  at: number;
}

export function commandLabel(command: Pick<OutboxCommand, 'body'>): string {
  const { invoice } = command.body as QueuedInvoice;
  return [invoice.invoiceNumber, invoice.customerName].filter(Boolean).join(' for ') || 'Invoice';
}

/** Puts an 'issue invoice' command in the outbox, with the key it will be sent with. */
export async function enqueueInvoice(body: QueuedInvoice, idempotencyKey: string): Promise<void> {
  await db.outbox.add({
    idempotencyKey,
    method: 'POST',
    path: '/invoices',
    body,
    createdAt: Date.now(),
    attempts: 0,
  });
}

// What was sent in this session, for the status panel ("what was sent").
let sent: SentRecord[] = [];
const sentListeners = new Set<() => void>();
function recordSent(record: SentRecord) {
  sent = [record, ...sent].slice(0, 10);
  for (const listener of sentListeners) listener();
}
export function useSentCommands(): SentRecord[] {
  return useSyncExternalStore(
    (listener) => {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    () => sent,
  );
}
export function clearSentCommands(): void {
  sent = [];
  for (const listener of sentListeners) listener();
}

/** Refusals that a retry cannot fix (4xx other than timeouts and rate limits). */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;
}

let running: Promise<number> | null = null;

async function sendAll(onSent: (record: SentRecord) => void): Promise<number> {
  let count = 0;
  const commands = await db.outbox.orderBy('seq').toArray();
  for (const command of commands) {
    if (command.lastError) continue;
    const body = command.body as QueuedInvoice;
    try {
      const { id } = await createInvoice({ ...body, idempotencyKey: command.idempotencyKey });
      await db.outbox.delete(command.seq ?? -1);
      const record = {
        idempotencyKey: command.idempotencyKey,
        label: commandLabel(command),
        invoiceId: id,
        at: Date.now(),
      };
      recordSent(record);
      onSent(record);
      count += 1;
    } catch (error) {
      logError('Outbox command failed', error);
      const lastError = isPermanent(error)
        ? (error as ApiError).message || 'Refused by the server'
        : undefined;
      await db.outbox.update(command.seq ?? -1, { attempts: command.attempts + 1, lastError });
      // Offline again or the server is down: stop here so the rest keep their order.
      if (!lastError || isNetworkError(error)) break;
    }
  }
  return count;
}

/**
 * Sends every waiting command in order, each with its own idempotency key, so a command sent twice
 * (two tabs, a retry after a lost answer) issues one invoice. One run at a time per tab, and one at a
 * time across tabs where the browser has Web Locks.
 */
export function flushOutbox(onSent: (record: SentRecord) => void = () => {}): Promise<number> {
  if (running) return running;
  const run = async () => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      return navigator.locks.request('remit-outbox', () => sendAll(onSent));
    }
    return sendAll(onSent);
  };
  running = run().finally(() => {
    running = null;
  });
  return running;
}

export async function discardCommand(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}

function useLive<T>(query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is fixed per caller
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (error) => logError('IndexedDB read failed', error),
    });
    return () => subscription.unsubscribe();
  }, []);
  return value;
}

export function useOutbox(): OutboxCommand[] {
  return useLive(() => db.outbox.orderBy('seq').toArray(), []);
}

export function useDrafts(): Draft[] {
  return useLive(() => db.drafts.orderBy('updatedAt').reverse().toArray(), []);
}
