import type { QueryClient } from '@tanstack/react-query';
import { markRestoredStale } from '../api/invalidation';
import { currentUserId } from './account';
import type { RemitDatabase } from './database';

/** Cached answers older than this are not restored. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Restores one account's cached queries from IndexedDB into the query client. IndexedDB can be
 * unavailable (private windows, blocked storage): the app then simply starts without a cache.
 */
export async function restoreQueries(queryClient: QueryClient, db: RemitDatabase, userId: string | null) {
  if (!userId) return;
  try {
    const oldest = Date.now() - MAX_AGE_MS;
    const rows = await db.queries.where('userId').equals(userId).toArray();
    for (const row of rows) {
      if (row.updatedAt <= oldest) continue;
      // Never over a fresher answer already in memory.
      const state = queryClient.getQueryState(row.queryKey);
      if (state && state.dataUpdatedAt >= row.updatedAt) continue;
      queryClient.setQueryData(row.queryKey, row.data, { updatedAt: row.updatedAt });
      // A command changed it after it was written: shown, but asked again on first use, whatever its age.
      if (row.invalidated) {
        await markRestoredStale(queryClient, row.queryKey);
      }
    }
  } catch (error) {
    console.warn('Could not restore cached data', error);
  }
}

let startRestore: Promise<void> = Promise.resolve();

/**
 * Starts restoring the cold start's account (db/account.ts lastUserId) and remembers the promise: the
 * session check reads the cached user and subscription only once it has settled (cacheRestored), never
 * after a fixed wait, so a slow IndexedDB on a busy device cannot make an offline start look signed out.
 */
export function restoreAtStart(
  queryClient: QueryClient,
  db: () => Promise<RemitDatabase>,
  userId: string | null,
): Promise<void> {
  startRestore = userId
    ? db().then(
        (database) => restoreQueries(queryClient, database, userId),
        (error: unknown) => console.warn('Could not open the cached data', error),
      )
    : Promise.resolve();
  return startRestore;
}

/** Settles when the cold start's restore has (restoreAtStart); at once when there was none. */
export function cacheRestored(): Promise<void> {
  return startRestore;
}

/** Accounts whose answers this device must not keep (stopCaching); remembered across reloads. */
const CACHE_OFF_PREFIX = 'remit.cacheOff.';
const stoppedHere = new Set<string>();
/** Writes on their way to IndexedDB: stopCaching waits for them before the caller deletes. */
const pendingWrites = new Set<Promise<unknown>>();

function isCachingStopped(userId: string): boolean {
  if (stoppedHere.has(userId)) return true;
  try {
    return localStorage.getItem(CACHE_OFF_PREFIX + userId) !== null;
  } catch {
    return false;
  }
}

/**
 * Stops keeping this account's answers on this device (logout, 'Remove my data from this device') and
 * resolves once the writes already on their way have landed: what the caller deletes next stays deleted,
 * as nothing of the account is written again until it signs in again here (resumeCaching).
 */
export async function stopCaching(userId: string): Promise<void> {
  stoppedHere.add(userId);
  try {
    localStorage.setItem(CACHE_OFF_PREFIX + userId, '1');
  } catch {
    // Storage blocked: this tab still stops; a reload of it starts without a token anyway.
  }
  await Promise.allSettled([...pendingWrites]);
}

/** A sign-in: this device keeps the account's answers again (for its offline starts). */
export function resumeCaching(userId: string): void {
  stoppedHere.delete(userId);
  try {
    localStorage.removeItem(CACHE_OFF_PREFIX + userId);
  } catch {
    // Nothing was remembered.
  }
}

/** The account an answer belongs to: the current one, or for the session answer itself, its user. */
function ownerOf(queryKey: readonly unknown[], data: unknown): string | null {
  const user = currentUserId();
  if (user) return user;
  const isSession = queryKey[0] === 'auth' && queryKey[1] === 'session';
  const id = isSession ? (data as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'string' ? id : null;
}

/**
 * `db` may be a loader (db/load.ts): it is called only when there is an answer to keep, so a signed-out
 * screen never loads IndexedDB's code.
 *
 * Writes every successful query (unless its meta says `persist: false`) through to IndexedDB, under
 * the signed-in account, unless caching stopped for it. Only a success writes: a failed fetch never
 * replaces a good cached answer.
 */
export function persistQueries(
  queryClient: QueryClient,
  db: RemitDatabase | (() => Promise<RemitDatabase>),
): () => void {
  const write = (userId: string, change: (database: RemitDatabase) => Promise<unknown>) => {
    const writing = (typeof db === 'function' ? db() : Promise.resolve(db))
      // Asked again at the last moment: caching may have stopped while the database loaded.
      .then((database) => (isCachingStopped(userId) ? undefined : change(database)))
      .catch(() => {})
      .finally(() => pendingWrites.delete(writing));
    pendingWrites.add(writing);
  };
  return queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.meta?.persist === false || event.type !== 'updated') return;
    const { type } = event.action;
    if (type !== 'success' && type !== 'invalidate') return;
    const userId = ownerOf(query.queryKey, query.state.data);
    if (!userId || query.state.data === undefined || isCachingStopped(userId)) return;
    const key = `${userId} ${query.queryHash}`;
    // A command's invalidation is kept with the answer, so a reload before the refetch lands does not show the
    // answer from before the command as fresh.
    if (type === 'invalidate') {
      write(userId, (database) => database.queries.update(key, { invalidated: true }));
      return;
    }
    const row = {
      key,
      userId,
      hash: query.queryHash,
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    };
    write(userId, (database) => database.queries.put(row));
  });
}
