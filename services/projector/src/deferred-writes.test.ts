import type { OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testPgliteThread, testStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deferWrites } from './deferred-writes.js';

/** The rows of `db.execute`, whichever driver ran it. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
}

/** The SQLSTATE somewhere in an error's causes (Drizzle wraps the driver's error). */
function codeOf(error: unknown): string | undefined {
  for (let at = error as { code?: unknown; cause?: unknown } | undefined; at; at = at.cause as typeof at) {
    if (typeof at.code === 'string') return at.code;
  }
  return undefined;
}

const awkward = [
  "it's",
  'a back\\slash, and \\x41 as text',
  '$1 and $2 and $$ quoted $$',
  '{"json": "in \\"text\\"", "n": 1}',
  'Grüße, 日本, 🧾',
  '',
  "'; drop table t; --",
];

describe.each(testStores())('writes held until the next read on %s', (kind) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function open() {
    database = await openTestDatabase(kind);
    await database.db.execute(
      sql`create table t (id integer primary key, s text, j jsonb, b bigint, f boolean, d date)`,
    );
    return database;
  }

  it('holds them where a statement is a message (PostgreSQL, the engine on its thread), only in that transaction', async () => {
    database = await openTestDatabase(kind, { poolSize: 1 });
    const { db } = database;
    /** node-postgres' client under a transaction (PGlite has no pipeline mode). */
    const pipelineOf = (tx: unknown) =>
      (tx as { session: { client: { pipeline?: boolean } } }).session.client.pipeline;
    await db.transaction(async (tx) => {
      expect(deferWrites(tx)).toBe(kind === 'postgres' || testPgliteThread);
      if (kind === 'postgres') expect(pipelineOf(tx)).toBe(true);
    });
    await db
      .transaction(async (tx) => {
        deferWrites(tx);
        await tx.execute(sql`select 1/0`);
      })
      .catch(() => undefined);
    // The pool's one connection is back in its ordinary mode, committed or rolled back.
    await db.transaction(async (tx) => {
      expect(pipelineOf(tx)).toBe(kind === 'postgres' ? false : undefined);
      await tx.execute(sql`select 1`);
    });
  });

  it('keeps each side-by-side writer in order with its own reads', async () => {
    const { db } = await open();
    await db.execute(sql`create table u (id integer primary key, n integer)`);
    const writer = async (tx: typeof db, table: 't' | 'u', id: number) => {
      await tx.execute(sql.raw(`insert into ${table} (id) values (${id})`));
      for (let step = 0; step < 5; step++) {
        await tx.execute(sql`insert into ${sql.raw(table)} (id) values (${id + step + 1})`);
        const [row] = rowsOf<{ count: number }>(
          await tx.execute(sql`select count(*)::int as count from ${sql.raw(table)}`),
        );
        expect(row?.count).toBe(step + 2);
      }
    };
    await db.transaction(async (tx) => {
      deferWrites(tx);
      await Promise.all([writer(tx, 't', 10), writer(tx, 'u', 20)]);
    });
  });

  it('reads see every earlier write, in order, with every value exactly as sent', async () => {
    const { db } = await open();
    const rows = awkward.map((s, i) => ({ id: i, s, j: JSON.stringify({ s, i }), b: 2n ** 53n + BigInt(i) }));
    const seen = await db.transaction(async (tx) => {
      deferWrites(tx);
      for (const row of rows) {
        await tx.execute(
          sql`insert into t (id, s, j, b, f, d) values (${row.id}, ${row.s}, ${row.j}::jsonb, ${row.b}, ${row.id % 2 === 0}, ${'2026-11-25'})`,
        );
      }
      await tx.execute(sql`update t set s = s || ${'!'}, f = ${null} where id = ${1}`);
      await tx.execute(sql`delete from t where id = ${2}`);
      // A statement with a literal of its own travels as it is, after the held ones.
      await tx.execute(sql`update t set s = 'it''s ' || s where id = ${3}`);
      await tx.execute(sql`insert into t (id, s) values (${100}, ${'last'})`);
      return rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select id, s, j, b::text as b, f, d::text as d from t order by id`),
      );
    });
    const expected = rows
      .filter((row) => row.id !== 2)
      .map((row) => ({
        id: row.id,
        s: row.id === 1 ? `${row.s}!` : row.id === 3 ? `it's ${row.s}` : row.s,
        j: { s: row.s, i: row.id },
        b: row.b.toString(),
        f: row.id === 1 ? null : row.id % 2 === 0,
        d: '2026-11-25',
      }));
    expect(seen).toEqual([...expected, { id: 100, s: 'last', j: null, b: null, f: null, d: null }]);
    // Committed: the writes held up to the commit went with it.
    const after = rowsOf<{ count: string }>(await db.execute(sql`select count(*)::text as count from t`));
    expect(after[0]?.count).toBe(String(expected.length + 1));
  });

  it('reads side by side are answered as one at a time: their own rows, columns, types and order', async () => {
    const { db } = await open();
    await db.execute(sql`create table u (id integer primary key, at timestamptz, n numeric, tags text[])`);
    await db.execute(
      sql`insert into t (id, s, j, b, f, d) values (1, 'one', '{"a": [1]}', 9007199254740993, true, '2026-11-25'),
        (2, null, null, null, null, null), (3, 'three', '[]', -1, false, '2026-01-01')`,
    );
    await db.execute(sql`insert into u values (1, '2026-11-28 08:00:00.123456+00', 12.50, '{a,"b c"}')`);
    const reads = (tx: typeof db) =>
      Promise.all([
        tx.execute(sql`insert into u (id) values (${2})`),
        tx.execute(sql`select * from t order by id desc`),
        tx.execute(sql`select s, j, b, f, d from t where id = ${2}`),
        tx.execute(sql`select id from t where s = ${"it's not there"}`),
        // u was written just before: this read sees the write, so it starts a statement of its own.
        tx.execute(sql`select id, at, n, tags from u order by id`),
        tx.execute(sql`select t.id, u.id, count(*) over () from t join u using (id) limit 1`),
        tx.execute(sql`select g, md5(g::text) as s from generate_series(1, 3000) as g order by s desc`),
      ]);
    const plain = await db
      .transaction(async (tx) => {
        const answers = await reads(tx);
        throw Object.assign(new Error('rolled back'), { answers });
      })
      .catch((error: { answers: unknown[] }) => error.answers);
    const held = await db
      .transaction(async (tx) => {
        deferWrites(tx);
        const answers = await reads(tx);
        throw Object.assign(new Error('rolled back'), { answers });
      })
      .catch((error: { answers: unknown[] }) => error.answers);
    expect(held.slice(1).map(rowsOf)).toEqual(plain.slice(1).map(rowsOf));
    expect(rowsOf(held[4])).toHaveLength(2);
    expect(rowsOf(held[3])).toEqual([]);
  });

  it('a write that starts with `with` is held and folded, and leaves what it leaves alone', async () => {
    const { db } = await open();
    await db.execute(sql`create table u (id integer primary key, n integer)`);
    await db.execute(sql`insert into t (id, s) values (1, 'one'), (2, 'two'), (3, 'three')`);
    const steps = (tx: typeof db) => [
      () => tx.execute(sql`insert into u (id, n) values (${1}, ${0}), (${2}, ${5})`),
      () => tx.execute(sql`update t set s = s || ${'!'} where id = ${3}`),
      // u's rows as the insert left them: the renaming takes those with n, the delete those without.
      () =>
        tx.execute(sql`
          with renamed as (update t set s = ${"it's "} || t.s from u where u.id = t.id and u.n <> ${0})
          delete from t where id in (select id from u where n = ${0})`),
      () => tx.execute(sql`insert into u (id, n) values (${3}, ${1})`),
    ];
    const seen = async (tx: typeof db) =>
      rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select id, s, (select count(*)::int from u) as us from t order by id`),
      );
    const plain = await db
      .transaction(async (tx) => {
        for (const step of steps(tx)) await step();
        throw Object.assign(new Error('rolled back'), { rows: await seen(tx) });
      })
      .catch((error: { rows: unknown }) => error.rows);
    const held = await db.transaction(async (tx) => {
      deferWrites(tx);
      for (const step of steps(tx)) await step();
      return seen(tx);
    });
    expect(plain).toEqual([
      { id: 2, s: "it's two", us: 3 },
      { id: 3, s: 'three!', us: 3 },
    ]);
    expect(held).toEqual(plain);
  });

  it('a held write that fails fails the transaction with its own error, and nothing of it stays', async () => {
    const { db } = await open();
    await db.execute(sql`insert into t (id, s) values (1, 'there')`);
    const failure = await db
      .transaction(async (tx) => {
        deferWrites(tx);
        await tx.execute(sql`insert into t (id, s) values (${2}, ${'new'})`);
        await tx.execute(sql`insert into t (id, s) values (${1}, ${'again'})`);
        await tx.execute(sql`insert into t (id, s) values (${3}, ${'after'})`);
      })
      .catch((error: unknown) => error);
    expect(codeOf(failure)).toBe('23505');
    const left = rowsOf<{ id: number; s: string }>(await db.execute(sql`select id, s from t order by id`));
    expect(left).toEqual([{ id: 1, s: 'there' }]);
  });

  it('a failing held write is reported at the next read, before the read runs', async () => {
    const { db } = await open();
    await db.execute(sql`insert into t (id, s) values (1, 'there')`);
    const failure = await db
      .transaction(async (tx) => {
        deferWrites(tx);
        await tx.execute(sql`insert into t (id, s) values (${1}, ${'again'})`);
        await tx.execute(sql`select count(*) from t`);
      })
      .catch((error: unknown) => error);
    expect(codeOf(failure)).toBe('23505');
  });
});
