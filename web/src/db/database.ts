import Dexie, { type EntityTable } from 'dexie';

/**
 * Every row below belongs to one account (`userId`): a shared browser keeps each person's drafts,
 * queued commands and cached answers apart, and nothing of one account is shown to or sent for another
 * (docs/decisions.md, "Offline and shared devices").
 */

/** An invoice form saved while the user types; kept until the server accepted the invoice. */
export interface Draft {
  id: string;
  userId: string;
  kind: 'invoice';
  data: unknown;
  updatedAt: number;
}

/** One successful query's data, so lists and the signed-in user are there offline. */
export interface CachedQuery {
  /** `${userId} ${queryHash}` */
  key: string;
  userId: string;
  hash: string;
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
  /** A command made the answer out of date since it was written: restored, it is fetched again at once. */
  invalidated?: boolean;
}

/** How a queued command's body goes on the wire. */
export type CommandFormat = 'json' | 'invoice-multipart';

/** A command made offline (or while the server was unreachable), sent in order with its key. */
export interface OutboxCommand {
  seq?: number;
  userId: string;
  idempotencyKey: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  format: CommandFormat;
  /** What the status panel calls it ('Invoice INV-0003 for Ada'). */
  label: string;
  /** The draft that holds what was typed, kept until the server accepted the command. */
  draftId?: string;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms) for an automatic retry; a Retry click ignores it. */
  nextAttemptAt?: number;
  /** Set when the server refused it (4xx): it waits for the user to fix or discard it. */
  lastError?: string;
  fieldErrors?: Record<string, string>;
}

export type RemitDatabase = Dexie & {
  drafts: EntityTable<Draft, 'id'>;
  queries: EntityTable<CachedQuery, 'key'>;
  outbox: EntityTable<OutboxCommand, 'seq'>;
};

/** The browser's database `remit`. A schema change is a new version; never edit an old one. */
export function openDatabase(name = 'remit'): RemitDatabase {
  const db = new Dexie(name) as RemitDatabase;
  db.version(1).stores({
    drafts: 'id, kind, updatedAt',
    queryCache: 'hash, updatedAt',
    outbox: '++seq, &idempotencyKey, createdAt',
  });
  // Version 2 gives every row its account. Version 1's rows carry no owner: they are given to the user
  // the cached session names (the one signed in when they were written), and dropped if none is known,
  // rather than risk sending them for someone else.
  db.version(2)
    .stores({
      drafts: 'id, userId, kind, updatedAt',
      queryCache: null,
      queries: 'key, userId, updatedAt',
      outbox: '++seq, &idempotencyKey, userId, createdAt',
    })
    .upgrade(async (tx) => {
      let owner: string | undefined;
      try {
        const rows = (await tx.table('queryCache').toArray()) as { queryKey: unknown[]; data: unknown }[];
        const session = rows.find((row) => JSON.stringify(row.queryKey) === '["auth","session"]');
        const id = (session?.data as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string') owner = id;
      } catch {
        owner = undefined;
      }
      for (const name of ['drafts', 'outbox'] as const) {
        if (owner) {
          await tx
            .table(name)
            .toCollection()
            .modify((row: Record<string, unknown>) => {
              row.userId = owner;
              if (name === 'outbox') {
                row.format = row.path === '/invoices' ? 'invoice-multipart' : 'json';
                row.label = row.label ?? 'Invoice';
              }
            });
        } else {
          await tx.table(name).clear();
        }
      }
    });
  return db;
}

export const db = openDatabase();

/** Deletes everything this device keeps for one account: drafts, queued commands, cached answers. */
export async function removeAccountData(database: RemitDatabase, userId: string): Promise<void> {
  await database.transaction('rw', [database.drafts, database.queries, database.outbox], async () => {
    await database.drafts.where('userId').equals(userId).delete();
    await database.queries.where('userId').equals(userId).delete();
    await database.outbox.where('userId').equals(userId).delete();
  });
}

/** Deletes the answers this device cached for one account; its unsent work (drafts, outbox) stays. */
export async function removeCachedAnswers(database: RemitDatabase, userId: string): Promise<void> {
  await database.queries.where('userId').equals(userId).delete();
}
