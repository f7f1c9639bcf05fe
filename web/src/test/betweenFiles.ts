import { afterAll } from 'vitest';
import { reportAnswer } from '../api/reachability';
import { setCurrentUser } from '../db/account';
import { clearSentCommands } from '../features/invoices/outbox';

/**
 * The shared web project runs its files one after another in one module graph and one jsdom per worker
 * (vitest.config.ts, `isolate: false`). What a file leaves behind that a fresh page would not have is put back
 * after it: the rows in IndexedDB (a wizard's saved drafts made a later file's logout ask about unsent work),
 * the signed-in account, the session's list of sent commands, and whether the server was reachable (a file whose
 * last answer was a 502 would start the next one under "Can't reach the server").
 */
afterAll(async () => {
  setCurrentUser(null);
  reportAnswer(200);
  clearSentCommands();
  await emptyIndexedDb();
});

/** Empties every store of every database, as a new browser profile has them; the app's open connection stays. */
async function emptyIndexedDb(): Promise<void> {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const database = await answer(indexedDB.open(name));
    const stores = [...database.objectStoreNames];
    if (stores.length > 0) {
      const transaction = database.transaction(stores, 'readwrite');
      for (const store of stores) transaction.objectStore(store).clear();
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error ?? new DOMException('Aborted', 'AbortError'));
      });
    }
    database.close();
  }
}

function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
