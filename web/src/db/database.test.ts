import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type RemitDatabase } from './database';
import { clearPersistedQueries, persistQueries, restoreQueries } from './persistQueries';

let db: RemitDatabase;
let count = 0;
function freshDatabase() {
  count += 1;
  db = openDatabase(`remit-test-${count}`);
  return db;
}

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the remit database', () => {
  it('has the drafts, queryCache and outbox stores in version 1', async () => {
    const database = freshDatabase();
    await database.open();
    expect(database.verno).toBe(1);
    expect(database.tables.map((table) => table.name).sort()).toEqual(['drafts', 'outbox', 'queryCache']);
  });

  it('keeps outbox commands in order and each idempotency key once', async () => {
    const database = freshDatabase();
    const command = { method: 'POST' as const, path: '/invoices', body: {}, createdAt: 1, attempts: 0 };
    await database.outbox.add({ ...command, idempotencyKey: 'a' });
    await database.outbox.add({ ...command, idempotencyKey: 'b' });
    await expect(database.outbox.add({ ...command, idempotencyKey: 'a' })).rejects.toThrow();
    expect((await database.outbox.orderBy('seq').toArray()).map((row) => row.idempotencyKey)).toEqual([
      'a',
      'b',
    ]);
  });

  it('writes successful queries through and restores them into a new client', async () => {
    const database = freshDatabase();
    const first = new QueryClient();
    const stop = persistQueries(first, database);
    await first.fetchQuery({ queryKey: ['auth', 'session'], queryFn: async () => ({ name: 'Ada' }) });
    await expect.poll(() => database.queryCache.count()).toBe(1);
    stop();

    const second = new QueryClient();
    await restoreQueries(second, database);
    expect(second.getQueryData(['auth', 'session'])).toEqual({ name: 'Ada' });

    await clearPersistedQueries(database);
    expect(await database.queryCache.count()).toBe(0);
  });
});
