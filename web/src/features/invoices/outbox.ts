import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type Draft, db, type OutboxCommand } from '../../db/database';
import { enqueue } from '../../db/outbox';
import { type UnsentWork, unsentWork } from '../../db/unsentWork';
import { logError } from '../../lib/log';

/** The body of a queued 'issue invoice' command: the multipart parts, kept as JSON. */
export interface QueuedInvoice {
  invoice: { invoiceNumber?: string; customerName?: string } & Record<string, unknown>;
  logo: string | null;
}

export interface SentRecord {
  idempotencyKey: string;
  label: string;
  /** 'issued' for an invoice, 'saved' for any other command. */
  outcome: 'issued' | 'saved';
  at: number;
}

function invoiceLabel(invoice: QueuedInvoice['invoice']): string {
  return `Invoice ${[invoice.invoiceNumber, invoice.customerName].filter(Boolean).join(' for ') || ''}`.trim();
}

/** Puts an 'issue invoice' command in the signed-in account's outbox, tied to the draft that holds it. */
export async function enqueueInvoice(body: QueuedInvoice, idempotencyKey: string, draftId: string) {
  return enqueue({
    method: 'POST',
    path: '/invoices',
    body,
    format: 'invoice-multipart',
    idempotencyKey,
    label: invoiceLabel(body.invoice),
    draftId,
  });
}

// What was sent in this session, for the status panel ("what was sent").
let sent: SentRecord[] = [];
const sentListeners = new Set<() => void>();
export function recordSent(record: SentRecord) {
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

/** A live IndexedDB read; `key` names what it reads (the account), and a new key reads again. */
function useLive<T>(query: () => Promise<T>, initial: T, key: string | null | undefined): T {
  const [value, setValue] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query changes only with its key
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (error) => logError('IndexedDB read failed', error),
    });
    return () => subscription.unsubscribe();
  }, [key]);
  return value;
}

/** One account's queued commands, oldest first (none when signed out). */
function useOutbox(userId: string | null | undefined): OutboxCommand[] {
  return useLive(
    () => (userId ? db.outbox.where('userId').equals(userId).sortBy('seq') : Promise.resolve([])),
    [],
    userId,
  );
}

/** One account's drafts, newest first (none when signed out). */
function useDrafts(userId: string | null | undefined): Draft[] {
  return useLive(
    async () =>
      userId
        ? (await db.drafts.where('userId').equals(userId).sortBy('updatedAt')).reverse()
        : ([] as Draft[]),
    [],
    userId,
  );
}

/** One account's unsent work, live (db/unsentWork.ts): what the panels list and the logout dialog counts. */
export function useUnsentWork(userId: string | null | undefined): UnsentWork {
  return unsentWork(useOutbox(userId), useDrafts(userId));
}
