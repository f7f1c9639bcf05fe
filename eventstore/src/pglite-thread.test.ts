import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from './database.js';
import { isUniqueViolation } from './errors.js';
import { IN_MEMORY, openPglite } from './open-pglite.js';
import { PgliteThread } from './pglite-thread.js';
import { loadPgliteTemplate } from './testing/pglite-template.js';
import { isDatabaseUnavailable } from './unavailable.js';

const opened: OpenDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function open(thread: boolean): Promise<OpenDatabase> {
  const { client: _client, ...database } = await openPglite({
    dataDir: IN_MEMORY,
    loadDataDir: await loadPgliteTemplate(),
    thread,
  });
  opened.push(database);
  await database.db.execute(sql`create table items (id int primary key, note text)`);
  return database;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** How many turns the server's event loop took while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  await work();
  running = false;
  return turns;
}

const LONG_STATEMENT = sql`select count(*) from generate_series(1, 1000000) as n where n % 7 = 3`;

describe('the embedded engine on a thread of its own', () => {
  it("leaves the server's thread free while a statement runs (and on the server's thread it does not)", async () => {
    const threaded = await open(true);
    expect(await turnsDuring(() => threaded.db.execute(LONG_STATEMENT))).toBeGreaterThan(20);
    const inProcess = await open(false);
    expect(await turnsDuring(() => inProcess.db.execute(LONG_STATEMENT))).toBeLessThan(5);
    // Two engines opened and a long statement on each: over 30 s at a load of 10 and more.
  }, 90_000);

  it("keeps PostgreSQL's error fields, so a duplicate key is still recognised", async () => {
    const database = await open(true);
    await database.db.execute(sql`insert into items values (1, 'first')`);
    const error = await database.db
      .execute(sql`insert into items values (1, 'again')`)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('commits a transaction that ends well, rolls back one that throws, and runs others after it', async () => {
    const database = await open(true);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (2, 'undone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');

    // A statement sent while a transaction is open waits for it, as on one PGlite connection.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (3, 'in the transaction')`);
      await held;
    });
    const outside = database.db.execute(sql`select count(*)::int as n from items`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await inTransaction;
    expect(rowsOf<{ n: number }>(await outside)[0]?.n).toBe(2);
    expect(rowsOf<{ id: number }>(await database.db.execute(sql`select id from items order by id`))).toEqual([
      { id: 1 },
      { id: 3 },
    ]);
  });

  it('answers what PGlite in the same thread answers, parameters written in or not (D-491)', async () => {
    const statement = (at: Date) =>
      sql`select ${"it's a back\\slash, 日本 🧾"}::text as s, ${'$1 and $$ quoted $$'}::text as q,
        ${2n ** 60n}::bigint as b, ${true}::boolean as f, ${null}::text as n, ${at}::timestamptz as t,
        ${'{"a": [1, "x"]}'}::jsonb as j, ${'{1,2,3}'}::int[] as a, ${'2026-11-28'}::date as d,
        -- a comment's apostrophe is not a literal's start (list.test.ts's seed: parameters after it were lost)
        ${'after'}::text as c, 'it''s' as e`;
    const at = new Date('2026-11-28T05:00:00.123Z');
    const [threaded, inProcess] = [await open(true), await open(false)];
    const answered = async (database: OpenDatabase) => ({
      raw: rowsOf(await database.db.execute(statement(at))),
      inTransaction: await database.db.transaction(async (tx) => rowsOf(await tx.execute(statement(at)))),
    });
    const expected = await answered(inProcess);
    expect(await answered(threaded)).toEqual(expected);
    expect(expected.raw[0]).toMatchObject({
      s: "it's a back\\slash, 日本 🧾",
      b: 2n ** 60n,
      j: { a: [1, 'x'] },
      c: 'after',
      e: "it's",
    });
  });

  it('delivers NOTIFY to listeners after the commit, and no more after they stop listening', async () => {
    const database = await open(true);
    const heard: string[] = [];
    const stop = await database.listen('remit_test', (payload) => heard.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('remit_test', 'one')`);
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await database.db.execute(sql`select pg_notify('remit_test', 'two')`);
    await database.db.execute(sql`select 1`);
    expect(heard).toEqual(['one']);
  });

  it('answers as a lost connection (503) once closed, rather than hanging', async () => {
    const database = await open(true);
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    const error = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("keeps a closed engine's thread for the next open that asks, which starts fresh there (D-610)", async () => {
    const kept = () =>
      openPglite({ dataDir: IN_MEMORY, loadDataDir: template, thread: true, keepThread: true });
    const template = await loadPgliteTemplate();
    const first = await kept();
    await first.db.execute(sql`create table leftover (id int)`);
    const heard: string[] = [];
    await first.client.listen('changes', (payload) => heard.push(`first ${payload}`));
    // Other files in this worker may have left threads waiting too.
    const waiting = PgliteThread.keptThreads();
    await first.close();
    expect(PgliteThread.keptThreads()).toBe(waiting + 1);

    const second = await kept();
    expect(PgliteThread.keptThreads()).toBe(waiting);
    const tables = await second.db.execute(sql`select 1 from pg_tables where tablename = 'leftover'`);
    expect(rowsOf(tables)).toEqual([]);
    await second.client.listen('changes', (payload) => heard.push(`second ${payload}`));
    await second.db.transaction(async (tx) => {
      await tx.execute(sql`create table items (id int primary key)`);
      await tx.execute(sql`insert into items values (1)`);
      await tx.execute(sql`select pg_notify('changes', 'one')`);
    });
    await expect.poll(() => heard).toEqual(['second one']);
    expect(rowsOf(await second.db.execute(sql`select id from items`))).toEqual([{ id: 1 }]);
    await second.close();
    expect(PgliteThread.keptThreads()).toBe(waiting + 1);
  });
});
