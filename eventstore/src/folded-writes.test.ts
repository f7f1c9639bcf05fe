import { describe, expect, it } from 'vitest';
import { foldStatements, isHeldWrite } from './folded-writes.js';

const write = (text: string) => ({ text, kind: 'write' as const });
const other = (text: string) => ({ text, kind: 'other' as const });
const read = (text: string) => ({ text, kind: 'read' as const });
type Statement = ReturnType<typeof write | typeof other | typeof read>;
const folded = (statements: Statement[]) => foldStatements(statements, (statement) => statement.kind);
const sent = (statements: Statement[]) => folded(statements).map((statement) => statement.text);

const bulkInvoices = `insert into "invoices" ("id", "invoices") select "id", "invoices" from json_to_recordset('[{"id":"a"}]'::json) as k("id" text, "invoices" integer) on conflict ("id") do update set "invoices" = excluded."invoices"`;
const bulkStats = `insert into "currency_stats" ("user_id", "invoices") select "user_id", "invoices" from json_to_recordset('[]'::json) as k("user_id" text, "invoices" integer) on conflict ("user_id") do update set "invoices" = "currency_stats"."invoices" + excluded."invoices"`;
const zeroStats = `delete from "currency_stats" where ("currency_stats"."invoices" = '0' and "currency_stats"."user_id" = 'u')`;

describe('writes folded into one statement', () => {
  it('folds writes to different tables into one statement, the last one its main statement', () => {
    expect(sent([write(bulkInvoices), write(bulkStats)])).toEqual([
      `with w0 as (${bulkInvoices}) ${bulkStats}`,
    ]);
  });

  it('does not take a column named like a written table for that table', () => {
    // "invoices" is a column of currency_stats as well as a table written before it.
    expect(sent([write(bulkInvoices), write(bulkStats)])).toHaveLength(1);
  });

  it('starts a new statement for a second write to the same table, which must see the first', () => {
    expect(sent([write(bulkStats), write(zeroStats)])).toEqual([bulkStats, zeroStats]);
  });

  it('starts a new statement for a write that reads a table written before it', () => {
    const rename = `update client_totals c set customer_name = newest.customer_name from (select user_id from "currency_stats") newest where c.user_id = newest.user_id`;
    expect(sent([write(bulkStats), write(rename)])).toEqual([bulkStats, rename]);
  });

  it('keeps a table named only in a literal from closing the fold', () => {
    const activity = `insert into "activities" ("summary") values ('currency_stats')`;
    expect(sent([write(bulkStats), write(activity)])).toHaveLength(1);
  });

  it('keeps reads in their place, each between the writes around it', () => {
    const select = 'select "user_id" from "users"';
    expect(sent([write(bulkInvoices), other(select), write(bulkStats), write(zeroStats)])).toEqual([
      bulkInvoices,
      select,
      bulkStats,
      zeroStats,
    ]);
  });

  it('sends a write with a comment as it is', () => {
    const commented = 'insert into "users" ("id") values (1) -- the first';
    expect(sent([write(bulkInvoices), write(commented)])).toEqual([bulkInvoices, commented]);
  });

  it('folds reads with the writes around them, each read answered under its own marker', () => {
    const users = 'select "user_id" from "users" where "id" = \'u\'';
    const totals = 'select "total" from "client_totals" order by "total" desc';
    const [statement, ...rest] = folded([read(users), write(bulkInvoices), read(totals)]);
    expect(rest).toEqual([]);
    expect(statement?.split).toBe(true);
    expect(statement?.reads.map((r) => r.text)).toEqual([users, totals]);
    expect(statement?.text).toBe(
      `with w0 as (${bulkInvoices}) select * from ` +
        `(select true as "?read 0", * from (${users}) as s offset 0) as r0 full join ` +
        `(select true as "?read 1", * from (${totals}) as s offset 0) as r1 on false`,
    );
  });

  it('starts a new statement for a read of a table written before it, which must see the write', () => {
    const invoices = 'select count(*) from "invoices"';
    expect(sent([write(bulkInvoices), read(invoices)])).toEqual([bulkInvoices, invoices]);
  });

  it('sends a lone read as it is', () => {
    const users = 'select "user_id" from "users"';
    expect(folded([read(users)])).toEqual([
      { text: users, from: [read(users)], reads: [read(users)], split: false },
    ]);
  });

  it('never folds a lock, a read with a side effect or a write that answers', () => {
    const lock = 'select "name" from "checkpoints" where "name" in (\'a\') for update';
    const setting = "select set_config('remit.x', '1', true)";
    const returning = 'with d as (delete from "users" returning "id") select * from d';
    const users = 'select "user_id" from "users"';
    expect(sent([read(lock), read(users), read(setting), read(returning), read(users)])).toEqual([
      lock,
      users,
      setting,
      returning,
      users,
    ]);
  });

  const renameAndDrop = `with renamed as (update "client_totals" c set "customer_name" = n.name from (select 'x' as name) n where c."invoices" <> 0) delete from "client_totals" where "client_totals"."invoices" = '0'`;

  it('holds a write that starts with `with` as a write: its statement a write, nothing returned', () => {
    expect(isHeldWrite(renameAndDrop)).toBe(true);
    expect(isHeldWrite(zeroStats)).toBe(true);
    expect(isHeldWrite('with d as (delete from "users" returning "id") select * from d')).toBe(false);
    expect(isHeldWrite('with d as (select 1) delete from "users" returning "id"')).toBe(false);
    expect(isHeldWrite('with recursive d as (select 1) delete from "users"')).toBe(false);
    expect(isHeldWrite('with d as materialized (select 1) delete from "users"')).toBe(false);
    expect(isHeldWrite('with d as (select 1 for update) delete from "users"')).toBe(false);
  });

  it('folds a `with` write with the writes around it, its queries first under their own names', () => {
    expect(sent([write(bulkInvoices), write(renameAndDrop)])).toEqual([
      `with w0 as (${bulkInvoices}), renamed as (update "client_totals" c set "customer_name" = n.name from (select 'x' as name) n where c."invoices" <> 0) delete from "client_totals" where "client_totals"."invoices" = '0'`,
    ]);
    const [alone] = sent([write(renameAndDrop)]);
    expect(alone).toBe(renameAndDrop);
    // A `with` write's own tables close the fold as a plain write's do.
    expect(sent([write(bulkStats), write(renameAndDrop), write(bulkInvoices)])).toHaveLength(1);
    const moreTotals = `insert into "client_totals" ("user_id") values ('u')`;
    expect(sent([write(renameAndDrop), write(moreTotals)])).toEqual([renameAndDrop, moreTotals]);
  });

  it('keeps a `with` query from hiding a table of its name from the other statements of the fold', () => {
    const renamedTable = `insert into "renamed" ("id") values ('a')`;
    const readRenamed = 'select "id" from "renamed"';
    expect(sent([write(renamedTable), write(renameAndDrop)])).toEqual([renamedTable, renameAndDrop]);
    expect(sent([read(readRenamed), write(renameAndDrop)])).toEqual([readRenamed, renameAndDrop]);
    expect(sent([write(renameAndDrop), read(readRenamed)])).toEqual([renameAndDrop, readRenamed]);
    // Named like the fold's own queries: sent as it is.
    const own = `with w0 as (select 1) delete from "users"`;
    expect(sent([write(bulkStats), write(own), write(bulkInvoices)])).toEqual([bulkStats, own, bulkInvoices]);
  });

  it('folds a lock with the reads after it only where the transaction reads one snapshot throughout', () => {
    const lock = 'select "name" from "checkpoints" where "name" in (\'a\') for update';
    const users = 'select "user_id" from "users"';
    const setting = "select set_config('remit.x', '1', true) for update";
    expect(sent([read(lock), read(users)])).toEqual([lock, users]);
    const [statement, ...rest] = foldStatements([read(lock), read(users), read(setting)], (s) => s.kind, {
      locks: true,
    });
    expect(statement?.reads.map((r) => r.text)).toEqual([lock, users]);
    expect(rest.map((r) => r.text)).toEqual([setting]);
  });
});
