import type { Draft, OutboxCommand, RemitDatabase } from './database';

/**
 * One account's work on this device that has not reached the server: its queued commands, and its
 * drafts not already behind one of them (a queued invoice keeps its draft until it is accepted; it is
 * one piece of work, listed with the queue). The logout dialog's sentence and the panels' lists all
 * come from here, so they cannot count differently.
 */
export interface UnsentWork {
  commands: OutboxCommand[];
  drafts: Draft[];
}

export function unsentWork(commands: OutboxCommand[], drafts: Draft[]): UnsentWork {
  const queuedDrafts = new Set(commands.map((command) => command.draftId));
  return { commands, drafts: drafts.filter((draft) => !queuedDrafts.has(draft.id)) };
}

export function unsentCount(work: UnsentWork): number {
  return work.commands.length + work.drafts.length;
}

/** What a queue is made of: invoices to issue, or changes of any kind. */
export function commandNoun(commands: OutboxCommand[]): 'invoice' | 'change' {
  return commands.every((command) => command.format === 'invoice-multipart') ? 'invoice' : 'change';
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** '2 invoices waiting to be sent and 1 draft' (the panel says the same numbers, from the same work). */
export function describeUnsentWork(work: UnsentWork): string {
  const parts: string[] = [];
  if (work.commands.length > 0)
    parts.push(`${counted(work.commands.length, commandNoun(work.commands))} waiting to be sent`);
  if (work.drafts.length > 0) parts.push(counted(work.drafts.length, 'draft'));
  return parts.join(' and ');
}

/** One account's unsent work as IndexedDB holds it now. */
export async function loadUnsentWork(database: RemitDatabase, userId: string): Promise<UnsentWork> {
  const [commands, drafts] = await Promise.all([
    database.outbox.where('userId').equals(userId).sortBy('seq'),
    database.drafts.where('userId').equals(userId).toArray(),
  ]);
  return unsentWork(commands, drafts);
}

/** How many pieces of work of an account this device has not sent yet. */
export async function countUnsentWork(database: RemitDatabase, userId: string): Promise<number> {
  return unsentCount(await loadUnsentWork(database, userId));
}
