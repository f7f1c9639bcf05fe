import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { RemitDatabase } from './database';

/** Cached answers older than this are not restored. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Restores the cached queries from IndexedDB into the query client. IndexedDB can be unavailable
 * (private windows, blocked storage): the app then simply starts without a cache.
 */
export async function restoreQueries(queryClient: QueryClient, db: RemitDatabase): Promise<void> {
  try {
    const oldest = Date.now() - MAX_AGE_MS;
    const rows = await db.queryCache.where('updatedAt').above(oldest).toArray();
    for (const row of rows) queryClient.setQueryData(row.queryKey, row.data, { updatedAt: row.updatedAt });
  } catch (error) {
    console.warn('Could not restore cached data', error);
  }
}

/** Writes every successful query (unless its meta says `persist: false`) through to IndexedDB. */
export function persistQueries(queryClient: QueryClient, db: RemitDatabase): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.meta?.persist === false) return;
    if (event.type === 'removed') {
      void db.queryCache.delete(query.queryHash).catch(() => {});
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const row = {
      hash: query.queryHash ?? hashKey(query.queryKey),
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    };
    void db.queryCache.put(row).catch(() => {});
  });
}

export async function clearPersistedQueries(db: RemitDatabase): Promise<void> {
  try {
    await db.queryCache.clear();
  } catch (error) {
    console.warn('Could not clear cached data', error);
  }
}
