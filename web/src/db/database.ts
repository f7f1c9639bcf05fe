import Dexie, { type EntityTable } from 'dexie';

/** An invoice form saved while the user types (filled by the invoices issue). */
export interface Draft {
  id: string;
  kind: 'invoice';
  data: unknown;
  updatedAt: number;
}

/** One successful query's data, so lists and the signed-in user are there offline. */
export interface CachedQuery {
  hash: string;
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** A command made offline, replayed in order with its idempotency key when back online. */
export interface OutboxCommand {
  seq?: number;
  idempotencyKey: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

export type RemitDatabase = Dexie & {
  drafts: EntityTable<Draft, 'id'>;
  queryCache: EntityTable<CachedQuery, 'hash'>;
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
  return db;
}

export const db = openDatabase();
