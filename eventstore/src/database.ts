import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { EventStoreLogger } from './logger.js';
import type { HeldLock } from './session-lock.js';

/** The Drizzle handle both drivers share, and what a transaction looks like too. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type StoreKind = 'pglite' | 'postgres';

export type Unlisten = () => Promise<void>;

export interface OpenDatabase {
  db: Database;
  kind: StoreKind;
  /** The schema everything lives in when isolated (tests); unset means PostgreSQL's default. */
  searchPath?: string;
  /** Calls `callback` for each NOTIFY on `channel` (a plain lower-case identifier). */
  listen(channel: string, callback: (payload: string) => void): Promise<Unlisten>;
  /**
   * Sends NOTIFY on `channel` soon, outside any transaction (PostgreSQL; see notifier.ts). Absent on
   * PGlite, where the append notifies in its own transaction at no cost.
   */
  notifyAfterCommit?: (channel: string) => void;
  /**
   * Takes the named lock for as long as this process holds it (one leader among several processes
   * on one database); null when another session holds it. `holder` names this process to others.
   */
  tryLock(name: string, holder: string): Promise<HeldLock | null>;
  /** Runs `work` holding the named lock, waiting for it if another process holds it. */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Who holds the named lock, as it named itself; null when nobody does. */
  lockHolder(name: string): Promise<string | null>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL; without it the embedded PGlite store is used. */
  databaseUrl?: string | undefined;
  /** PGlite keeps its files in `${dataDir}/db`; `memory://` keeps them in memory (tests). */
  dataDir: string;
  /** A schema to create and work in, so test suites can share one PostgreSQL database. */
  searchPath?: string | undefined;
  /** PostgreSQL's `application_name` for this process's connections (default `remit`). */
  applicationName?: string | undefined;
  /** PostgreSQL connections this process may hold at once (default 10); size it to the writers. */
  poolSize?: number | undefined;
  /** The embedded engine on a worker thread of its own (default true; see pglite-thread.ts). */
  pgliteThread?: boolean | undefined;
  logger?: EventStoreLogger | undefined;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

/** Schema names end up in SQL text and channel names, so only plain identifiers are accepted. */
export function checkSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name)) throw new Error(`searchPath must be a lower-case identifier, got "${name}"`);
  return name;
}

/** Tables go to the first schema; `public` stays visible for extensions installed there. */
export function searchPathSetting(schema: string): string {
  return `${schema}, public`;
}

/** The rows of `db.execute(sql)`, whichever driver ran it. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
}
