/**
 * IndexedDB (Dexie and the `remit` schema) on demand. Dexie is a third of the first screen's JavaScript
 * and a signed-out screen never opens the database, so nothing on the way to /login imports it
 * statically: it loads when there is an account to restore, a cached answer to write or a logout to
 * clean up after. The module system loads and opens it once.
 */
export function loadDatabase(): Promise<typeof import('./database')> {
  return import('./database');
}
