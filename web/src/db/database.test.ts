import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentUser } from './account';
import { openDatabase, type RemitDatabase, removeAccountData } from './database';
import { persistQueries, restoreQueries, resumeCaching, stopCaching } from './persistQueries';
import { countUnsentWork } from './unsentWork';

let db: RemitDatabase;
let count = 0;
function freshDatabase() {
  count += 1;
  db = openDatabase(`remit-test-${count}`);
  return db;
}

afterEach(async () => {
  setCurrentUser(null);
  db.close();
  await db.delete();
});

const command = (userId: string, idempotencyKey: string) => ({
  userId,
  idempotencyKey,
  method: 'POST' as const,
  path: '/invoices',
  body: {},
  format: 'invoice-multipart' as const,
  label: 'Invoice',
  createdAt: 1,
  attempts: 0,
});

describe('the remit database', () => {
  it('has per-account drafts, queries and outbox stores in version 2', async () => {
    const database = freshDatabase();
    await database.open();
    expect(database.verno).toBe(2);
    expect(database.tables.map((table) => table.name).sort()).toEqual(['drafts', 'outbox', 'queries']);
  });

  it('keeps outbox commands in order and each idempotency key once', async () => {
    const database = freshDatabase();
    await database.outbox.add(command('p', 'a'));
    await database.outbox.add(command('p', 'b'));
    await expect(database.outbox.add(command('q', 'a'))).rejects.toThrow();
    expect((await database.outbox.orderBy('seq').toArray()).map((row) => row.idempotencyKey)).toEqual([
      'a',
      'b',
    ]);
  });

  it("gives version 1's rows to the user of the cached session when it upgrades", async () => {
    count += 1;
    const name = `remit-test-${count}`;
    const old = new Dexie(name);
    old.version(1).stores({
      drafts: 'id, kind, updatedAt',
      queryCache: 'hash, updatedAt',
      outbox: '++seq, &idempotencyKey, createdAt',
    });
    await old
      .table('queryCache')
      .put({ hash: 'h', queryKey: ['auth', 'session'], data: { id: 'user-p' }, updatedAt: 1 });
    await old.table('drafts').put({ id: 'd1', kind: 'invoice', data: {}, updatedAt: 1 });
    await old
      .table('outbox')
      .add({ idempotencyKey: 'k', method: 'POST', path: '/invoices', body: {}, createdAt: 1, attempts: 0 });
    old.close();

    db = openDatabase(name);
    expect((await db.drafts.get('d1'))?.userId).toBe('user-p');
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ userId: 'user-p', format: 'invoice-multipart' });
  });
});

describe('the cache rules (issue 13)', () => {
  it("writes each account's answers under that account and restores only that account's", async () => {
    const database = freshDatabase();
    const client = new QueryClient();
    const stop = persistQueries(client, database);
    setCurrentUser('user-p');
    await client.fetchQuery({ queryKey: ['templates', 'list'], queryFn: async () => ['p-template'] });
    setCurrentUser('user-q');
    await client.fetchQuery({ queryKey: ['settings', 'values'], queryFn: async () => ({ name: 'Q' }) });
    await expect.poll(() => database.queries.count()).toBe(2);
    stop();

    const forP = new QueryClient();
    await restoreQueries(forP, database, 'user-p');
    expect(forP.getQueryData(['templates', 'list'])).toEqual(['p-template']);
    expect(forP.getQueryData(['settings', 'values'])).toBeUndefined();

    const nobody = new QueryClient();
    await restoreQueries(nobody, database, null);
    expect(nobody.getQueryCache().getAll()).toHaveLength(0);
  });

  it('keeps the last good answer when a fetch fails, in memory and on the device', async () => {
    const database = freshDatabase();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = persistQueries(client, database);
    setCurrentUser('user-p');
    const templates = ['classic', 'modern'];
    await client.fetchQuery({ queryKey: ['templates', 'list'], queryFn: async () => templates });
    await expect.poll(() => database.queries.count()).toBe(1);

    await expect(
      client.fetchQuery({
        queryKey: ['templates', 'list'],
        queryFn: async () => {
          throw new TypeError('Failed to fetch');
        },
        staleTime: 0,
      }),
    ).rejects.toThrow();
    expect(client.getQueryData(['templates', 'list'])).toEqual(templates);
    stop();
    const [row] = await database.queries.toArray();
    expect(row?.data).toEqual(templates);
  });

  it('keeps a command’s invalidation with the answer, so a reload asks again instead of showing it as fresh', async () => {
    const database = freshDatabase();
    const client = new QueryClient();
    const stop = persistQueries(client, database);
    setCurrentUser('user-p');
    const key = ['invoices', 'list'];
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['INV-1 Pending'], staleTime: 30_000 });
    await expect.poll(() => database.queries.count()).toBe(1);
    await client.invalidateQueries({ queryKey: key, refetchType: 'none' });
    await expect.poll(async () => (await database.queries.toArray())[0]?.invalidated).toBe(true);

    // A reload within the answer's staleTime: the cached answer is shown and fetched again on first use.
    const reloaded = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    await restoreQueries(reloaded, database, 'user-p');
    expect(reloaded.getQueryData(key)).toEqual(['INV-1 Pending']);
    const asked: string[] = [];
    const fresh = await reloaded.fetchQuery({
      queryKey: key,
      queryFn: async () => {
        asked.push('server');
        return ['INV-1 Paid'];
      },
    });
    expect(asked).toEqual(['server']);
    expect(fresh).toEqual(['INV-1 Paid']);

    // The new answer clears the mark: the next reload trusts it for its staleTime.
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['INV-1 Paid'], staleTime: 0 });
    await expect.poll(async () => (await database.queries.toArray())[0]?.invalidated).toBeUndefined();
    stop();
  });

  it('does not write answers while nobody is signed in', async () => {
    const database = freshDatabase();
    const client = new QueryClient();
    const stop = persistQueries(client, database);
    await client.fetchQuery({ queryKey: ['billing', 'plans'], queryFn: async () => ['pro'] });
    // The session answer names its own user, so a sign-in is cached for that user.
    await client.fetchQuery({ queryKey: ['auth', 'session'], queryFn: async () => ({ id: 'user-p' }) });
    await expect.poll(() => database.queries.count()).toBe(1);
    stop();
    expect((await database.queries.toArray())[0]?.userId).toBe('user-p');
  });

  it("removes one account's data and leaves the other's", async () => {
    const database = freshDatabase();
    await database.outbox.add(command('user-p', 'a'));
    await database.outbox.add(command('user-q', 'b'));
    await database.drafts.put({ id: 'd1', userId: 'user-p', kind: 'invoice', data: {}, updatedAt: 1 });
    await database.queries.put({
      key: 'user-p h',
      userId: 'user-p',
      hash: 'h',
      queryKey: ['x'],
      data: 1,
      updatedAt: 1,
    });
    expect(await countUnsentWork(database, 'user-p')).toBe(2);
    // A queued invoice's draft counts once, with its command.
    await database.drafts.put({ id: 'd2', userId: 'user-p', kind: 'invoice', data: {}, updatedAt: 1 });
    await database.outbox.add({ ...command('user-p', 'c'), draftId: 'd2' });
    expect(await countUnsentWork(database, 'user-p')).toBe(3);
    await removeAccountData(database, 'user-p');
    expect(await countUnsentWork(database, 'user-p')).toBe(0);
    expect(await database.queries.count()).toBe(0);
    expect(await countUnsentWork(database, 'user-q')).toBe(1);
  });

  it('writes nothing of an account once caching stopped, not even an answer already on its way', async () => {
    const database = freshDatabase();
    const client = new QueryClient();
    // The database loads slowly: the first answer's write is still on its way when caching stops.
    let open: (value: RemitDatabase) => void = () => {};
    const opening = new Promise<RemitDatabase>((resolve) => {
      open = resolve;
    });
    const stop = persistQueries(client, () => opening);
    setCurrentUser('user-p');
    await client.fetchQuery({ queryKey: ['templates', 'list'], queryFn: async () => ['classic'] });
    const stopped = stopCaching('user-p');
    open(database);
    await stopped;
    await removeAccountData(database, 'user-p');
    await client.fetchQuery({ queryKey: ['settings', 'values'], queryFn: async () => ({ name: 'P' }) });
    // Waits for any write on its way, then looks: nothing came back.
    await stopCaching('user-p');
    expect(await database.queries.count()).toBe(0);
    stop();

    // Signing in again: this device keeps the account's answers again.
    resumeCaching('user-p');
    const again = persistQueries(client, database);
    await client.fetchQuery({
      queryKey: ['settings', 'values'],
      queryFn: async () => ({ name: 'P' }),
      staleTime: 0,
    });
    await expect.poll(() => database.queries.count()).toBe(1);
    again();
  });
});
