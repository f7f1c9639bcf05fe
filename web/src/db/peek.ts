import type { CachedQuery } from './database';

/**
 * One account's cached answers read straight from IndexedDB, without Dexie: the cold start draws the
 * last known lists from them before Dexie (30 KB of gzipped JavaScript) has loaded. Read only: a
 * database that does not exist yet is not created (the upgrade is aborted), and one without the
 * `queries` store (an old version Dexie has not upgraded yet) has nothing to give. Any failure is an
 * empty answer: the app then starts without its cache, as it does when IndexedDB is unavailable.
 */
export function readCachedQueries(userId: string, name = 'remit'): Promise<CachedQuery[]> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve([]);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve([]);
    };
    request.onsuccess = () => {
      const database = request.result;
      const done = (rows: CachedQuery[]) => {
        database.close();
        resolve(rows);
      };
      try {
        if (!database.objectStoreNames.contains('queries')) return done([]);
        const read = database
          .transaction('queries', 'readonly')
          .objectStore('queries')
          .index('userId')
          .getAll(userId);
        read.onsuccess = () => done(read.result as CachedQuery[]);
        read.onerror = () => done([]);
      } catch {
        done([]);
      }
    };
  });
}
