import { deleteWhere, type Schema, Store, settle, type Table } from './store';

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

export interface RemitDatabase extends Store {
  drafts: Table<Draft, string>;
  queries: Table<CachedQuery, string>;
  outbox: Table<OutboxCommand, number>;
}

// Version 1's stores, as Dexie made them (IndexedDB version 10): drafts 'id, kind, updatedAt', queryCache
// 'hash, updatedAt', outbox '++seq, &idempotencyKey, createdAt'.
const schema: Schema = {
  version: 2,
  stores: {
    drafts: { key: 'id', indexes: ['userId', 'kind', 'updatedAt'] },
    queries: { key: 'key', indexes: ['userId', 'updatedAt'] },
    outbox: {
      key: 'seq',
      autoIncrement: true,
      indexes: ['idempotencyKey', 'userId', 'createdAt'],
      unique: ['idempotencyKey'],
    },
  },
  // Version 2 gives every row its account. Version 1's rows carry no owner: they are given to the user
  // the cached session names (the one signed in when they were written), and dropped if none is known,
  // rather than risk sending them for someone else.
  upgrade: async (transaction) => {
    let owner: string | undefined;
    try {
      const rows = (await settle(transaction.objectStore('queryCache').getAll())) as {
        queryKey: unknown[];
        data: unknown;
      }[];
      const session = rows.find((row) => JSON.stringify(row.queryKey) === '["auth","session"]');
      const id = (session?.data as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') owner = id;
    } catch {
      owner = undefined;
    }
    for (const name of ['drafts', 'outbox'] as const) {
      const store = transaction.objectStore(name);
      if (!owner) {
        await settle(store.clear());
        continue;
      }
      const rows = (await settle(store.getAll())) as Record<string, unknown>[];
      for (const row of rows) {
        row.userId = owner;
        if (name === 'outbox') {
          row.format = row.path === '/invoices' ? 'invoice-multipart' : 'json';
          row.label = row.label ?? 'Invoice';
        }
        await settle(store.put(row));
      }
    }
  },
};

/** The browser's database `remit`. A schema change is a new version; never edit an old one. */
export function openDatabase(name = 'remit'): RemitDatabase {
  const store = new Store(name, schema) as RemitDatabase;
  store.drafts = store.table('drafts');
  store.queries = store.table('queries');
  store.outbox = store.table('outbox');
  return store;
}

export const db = openDatabase();

/** Deletes everything this device keeps for one account: drafts, queued commands, cached answers. */
export async function removeAccountData(database: RemitDatabase, userId: string): Promise<void> {
  await database.run(['drafts', 'queries', 'outbox'], 'readwrite', (stores) =>
    Promise.all(stores.map((store) => deleteWhere(store, 'userId', userId))),
  );
}

/** Deletes the answers this device cached for one account; its unsent work (drafts, outbox) stays. */
export async function removeCachedAnswers(database: RemitDatabase, userId: string): Promise<void> {
  await database.queries.where('userId').equals(userId).delete();
}
