import { INVOICE_COUNT_PAGES, invoiceListQuerySchema } from '@remit/contracts';
import type { OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { migrateReadModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvoices } from '../testing/seed-invoices.js';
import { listInvoices } from './repository.js';
import { WALK_PER_MATCH } from './search-statements.js';

const today = '2026-11-24';
const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
const query = (input: Record<string, string>) => invoiceListQuerySchema.parse(input);

describe.each(testStores())('the invoice list at scale on %s', (kind) => {
  let database: OpenDatabase;
  // More invoices than a first page's count walks (its cap + 1 matches, WALK_PER_MATCH entries each): a narrow
  // search there takes the trigram index.
  const firstCap = INVOICE_COUNT_PAGES * 15;
  const many = (firstCap + 1) * WALK_PER_MATCH + 234;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateReadModels(database);
    await seedInvoices(database.db, { userId: 'many', count: many, today });
    await seedInvoices(database.db, { userId: 'other', count: 40, firstPosition: many, today });
    // 23 invoices that tie on the sort key: only the id orders them.
    await seedInvoices(database.db, {
      userId: 'tied',
      count: 23,
      firstPosition: 5000,
      today,
      samePosition: true,
    });
  }, 120_000);
  afterAll(() => database.close());

  const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
  async function allIds(userId: string) {
    return rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from invoices where user_id = ${userId} order by issued_position desc, id desc`,
      ),
    ).map((row) => row.id);
  }

  it('pages by cursor and by ?page= to the same rows, ties broken by the id, with the kept count', async () => {
    for (const userId of ['many', 'tied']) {
      const expected = await allIds(userId);
      const limit = userId === 'tied' ? 5 : 100;
      const byCursor: string[] = [];
      let page = await listInvoices(database.db, userId, query({ limit: String(limit) }), today);
      expect(page.total).toBe(expected.length);
      expect(page.capped).toBe(false);
      expect(page.previousCursor).toBeNull();
      byCursor.push(...idsOf(page.rows));
      for (let n = 2; page.nextCursor; n += 1) {
        const byPage = await listInvoices(
          database.db,
          userId,
          query({ page: String(n), limit: String(limit) }),
          today,
        );
        page = await listInvoices(
          database.db,
          userId,
          query({ page: String(n), limit: String(limit), after: page.nextCursor }),
          today,
        );
        expect(idsOf(page.rows)).toEqual(idsOf(byPage.rows));
        expect(page.nextCursor).toEqual(byPage.nextCursor);
        byCursor.push(...idsOf(page.rows));
      }
      expect(byCursor).toEqual(expected);

      // And back up by `before` from the last page to the first.
      const backwards: string[] = [...idsOf(page.rows)].reverse();
      while (page.previousCursor) {
        page = await listInvoices(
          database.db,
          userId,
          query({ limit: String(limit), before: page.previousCursor }),
          today,
        );
        backwards.push(...[...idsOf(page.rows)].reverse());
      }
      expect(backwards.reverse()).toEqual(expected);
    }
  });

  async function matchingIds(userId: string, words: string) {
    return rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from invoices where user_id = ${userId} and search_text like ${`%${words}%`}
          order by issued_position desc, id desc`,
      ),
    ).map((row) => row.id);
  }

  it('counts a search or a status filter 10 pages ahead, then says there are more', async () => {
    const everything = await listInvoices(database.db, 'many', query({ search: 'client' }), today);
    expect(everything).toMatchObject({ total: firstCap, capped: true });
    expect(idsOf(everything.rows)).toEqual((await allIds('many')).slice(0, 15));
    // Paging deeper counts 10 pages past the page asked for.
    const deep = await listInvoices(database.db, 'many', query({ search: 'client', page: '80' }), today);
    expect(deep).toMatchObject({ total: 89 * 15, capped: true });
    expect(idsOf(deep.rows)).toEqual((await allIds('many')).slice(79 * 15, 80 * 15));
    // 12 % of the invoices ('… Trading Ltd'): found by the walk, the newest first.
    const trading = await listInvoices(database.db, 'many', query({ search: 'Trading' }), today);
    expect(trading).toMatchObject({ total: firstCap, capped: true });
    expect(idsOf(trading.rows)).toEqual((await matchingIds('many', 'trading')).slice(0, 15));
    const few = await listInvoices(database.db, 'many', query({ search: 'inv-000012' }), today);
    expect(few).toMatchObject({ total: 10, capped: false });
    expect(few.rows.map((row) => row.number)).toEqual([
      'INV-0000129',
      'INV-0000128',
      'INV-0000127',
      'INV-0000126',
      'INV-0000125',
      'INV-0000124',
      'INV-0000123',
      'INV-0000122',
      'INV-0000121',
      'INV-0000120',
    ]);
    // Around a page that holds every match and one that does not.
    for (const limit of ['9', '10', '11']) {
      const around = await listInvoices(database.db, 'many', query({ search: 'inv-000012', limit }), today);
      expect(around).toMatchObject({ total: 10, capped: false });
      expect(around.rows).toHaveLength(Math.min(10, Number(limit)));
      expect(around.nextCursor === null).toBe(limit !== '9');
    }
    const voided = await listInvoices(database.db, 'many', query({ status: 'void' }), today);
    expect(voided).toMatchObject({ total: firstCap, capped: true });
    expect(voided.rows.every((row) => row.collection.CollectionStatus === 'void')).toBe(true);
    const allVoid = await listInvoices(database.db, 'many', query({ status: 'void', limit: '100' }), today);
    expect(allVoid).toMatchObject({ total: Math.floor(many / 20), capped: false });
  });

  it('finds every match of a broad or a narrow search, by cursor both ways and by ?page=', async () => {
    // 'trading' matches 12 % (the walk finds them); one client's address 1 in 80, spread over all the
    // invoices (the walk runs out of its budget and the trigram index finds them).
    for (const [words, limit] of [
      ['trading', 100],
      ['client7@', 20],
    ] as const) {
      const expected = await matchingIds('many', words);
      const first = await listInvoices(
        database.db,
        'many',
        query({ search: words, limit: String(limit) }),
        today,
      );
      const pagesAhead = INVOICE_COUNT_PAGES * limit;
      expect(first.total).toBe(Math.min(expected.length, pagesAhead));
      expect(first.capped).toBe(expected.length > pagesAhead);
      const forwards = [...idsOf(first.rows)];
      let page = first;
      for (let n = 2; page.nextCursor; n += 1) {
        const byPage = await listInvoices(
          database.db,
          'many',
          query({ search: words, page: String(n), limit: String(limit) }),
          today,
        );
        page = await listInvoices(
          database.db,
          'many',
          query({ search: words, page: String(n), limit: String(limit), after: page.nextCursor }),
          today,
        );
        expect(idsOf(page.rows)).toEqual(idsOf(byPage.rows));
        expect(page.total).toBe(byPage.total);
        forwards.push(...idsOf(page.rows));
      }
      expect(forwards).toEqual(expected);
      const backwards: string[] = [...idsOf(page.rows)].reverse();
      while (page.previousCursor) {
        page = await listInvoices(
          database.db,
          'many',
          query({ search: words, limit: String(limit), before: page.previousCursor }),
          today,
        );
        backwards.push(...[...idsOf(page.rows)].reverse());
      }
      expect(backwards.reverse()).toEqual(expected);
    }
  });

  it("searches and counts only the user's own invoices, though another user's match the same words", async () => {
    // Both users have INV-0000001 … INV-0000040 (the seed numbers each user's invoices from 1).
    const theirs = await listInvoices(
      database.db,
      'other',
      query({ search: 'inv-00000', limit: '50' }),
      today,
    );
    expect(theirs).toMatchObject({ total: 40, capped: false, nextCursor: null });
    expect(idsOf(theirs.rows)).toEqual(await allIds('other'));
    const mine = await listInvoices(database.db, 'many', query({ search: 'inv-00000', limit: '100' }), today);
    expect(mine).toMatchObject({ total: 99, capped: false });
    expect(mine.rows.every((row) => row.userId === 'many')).toBe(true);
    const theirNumber = await listInvoices(database.db, 'other', query({ search: 'inv-0000041' }), today);
    expect(theirNumber).toMatchObject({ rows: [], total: 0, capped: false });
  });

  it("seeks only within the user's own invoices, whatever the cursor says", async () => {
    const theirs = await listInvoices(database.db, 'many', query({ limit: '5' }), today);
    const cursor = theirs.nextCursor ?? '';
    const mine = await listInvoices(database.db, 'other', query({ after: cursor }), today);
    expect(mine.rows.every((row) => row.userId === 'other')).toBe(true);
    const before = await listInvoices(database.db, 'other', query({ before: cursor }), today);
    expect(before.rows.every((row) => row.userId === 'other')).toBe(true);
  });

  it('refuses a cursor it did not make, and both directions at once', () => {
    const forged = Buffer.from('12.x y').toString('base64url');
    for (const input of [
      { after: 'not a cursor!' },
      { after: 'AAAA' },
      { after: forged },
      { before: Buffer.from('99999999999999999999.x').toString('base64url') },
      { after: 'x'.repeat(500) },
      { after: Buffer.from('1.a').toString('base64url'), before: Buffer.from('2.b').toString('base64url') },
    ]) {
      expect(invoiceListQuerySchema.safeParse(input).success).toBe(false);
    }
  });
});
