import { httpStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

interface Page {
  invoices: { ID: string; InvoiceNumber: string }[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    total_pages: number;
    total_capped: boolean;
    next_cursor: string | null;
    previous_cursor: string | null;
  };
}

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

describe.each(httpStores())('dashboard pages by cursor and by number on %s', (kind) => {
  let app: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bea: Awaited<ReturnType<typeof signedInUser>>;
  let fay: Awaited<ReturnType<typeof signedInUser>>;
  let serial = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bea = await signedInUser(app, 'bea@example.com', 'Bea Other');
    fay = await signedInUser(app, 'fay@example.com', 'Fay Free');
    await subscribe(app, ada);
    await subscribe(app, bea);
    for (let n = 0; n < 10; n += 1) await issue(ada.token);
    await issue(bea.token);
    await issue(fay.token);
  }, 120_000);
  afterAll(() => app.close());

  async function issue(token: string) {
    serial += 1;
    const created = await postInvoice(
      app,
      token,
      invoicePayload({ invoiceNumber: `P-${String(serial).padStart(3, '0')}` }),
    );
    expect(created.status).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    return String((created.body.invoice as { ID: string }).ID);
  }
  const list = async (token: string, params: Record<string, string>) => {
    const answer = await app.get(`/invoices?${new URLSearchParams(params)}`, { token });
    return answer as unknown as { status: number; body: Page };
  };

  it('walks every invoice once by cursor while new ones are issued, and back', async () => {
    const before = await list(ada.token, { limit: '3' });
    expect(before.body.pagination).toMatchObject({ page: 1, total: 10, total_pages: 4, total_capped: false });
    expect(before.body.pagination.previous_cursor).toBeNull();
    const seen = before.body.invoices.map((invoice) => invoice.InvoiceNumber);
    let page = before.body;
    for (let n = 2; page.pagination.next_cursor; n += 1) {
      // An invoice issued between two pages goes on top; the walk neither repeats nor skips one.
      await issue(ada.token);
      const next = await list(ada.token, {
        page: String(n),
        limit: '3',
        after: page.pagination.next_cursor,
      });
      expect(next.status).toBe(200);
      page = next.body;
      expect(page.pagination.page).toBe(n);
      seen.push(...page.invoices.map((invoice) => invoice.InvoiceNumber));
    }
    expect(seen).toEqual(Array.from({ length: 10 }, (_, n) => `P-${String(10 - n).padStart(3, '0')}`));
    expect(page.pagination.total).toBe(13);

    const back: string[] = [];
    while (page.pagination.previous_cursor) {
      const previous = await list(ada.token, { limit: '3', before: page.pagination.previous_cursor });
      expect(previous.status).toBe(200);
      page = previous.body;
      back.unshift(...page.invoices.map((invoice) => invoice.InvoiceNumber));
    }
    expect(page.pagination.page).toBe(1);
    expect(back.slice(0, 3)).toEqual(['P-015', 'P-014', 'P-013']);
  });

  it('still answers ?page=N as the spec says: that slice, with total_pages from the kept count', async () => {
    const all = await list(ada.token, { limit: '100' });
    const numbers = all.body.invoices.map((invoice) => invoice.InvoiceNumber);
    const second = await list(ada.token, { page: '2', limit: '4' });
    expect(second.body.invoices.map((invoice) => invoice.InvoiceNumber)).toEqual(numbers.slice(4, 8));
    expect(second.body.pagination).toMatchObject({
      page: 2,
      limit: 4,
      total: numbers.length,
      total_pages: Math.ceil(numbers.length / 4),
    });
    const beyond = await list(ada.token, { page: '99', limit: '4' });
    expect(beyond.body.invoices).toEqual([]);
    expect(beyond.body.pagination).toMatchObject({ page: 99, total: numbers.length, next_cursor: null });

    const searched = await list(ada.token, { search: 'p-01' });
    expect(searched.body.pagination).toMatchObject({ total: 4, total_capped: false, total_pages: 1 });
  });

  it('keeps the count a replay makes, equal to counting the rows', async () => {
    const id = (await list(ada.token, {})).body.invoices[0]?.ID ?? '';
    const deleted = await app.call('DELETE', `/invoices/${id}`, { token: ada.token });
    expect(deleted.status).toBe(200);
    await app.applied(BigInt(String(deleted.body.position)));
    const kept = rowsOf<{ user_id: string; invoices: number }>(
      await app.database.db.execute(sql`select user_id, invoices from user_invoice_totals order by user_id`),
    );
    const counted = rowsOf<{ user_id: string; invoices: number }>(
      await app.database.db.execute(
        sql`select user_id, count(*)::int as invoices from invoices group by user_id order by user_id`,
      ),
    );
    expect(kept).toEqual(counted);
    expect((await list(ada.token, {})).body.pagination.total).toBe(12);
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);
  });

  it("another user's cursor finds only your own invoices; a malformed one is a 400; no subscription, 402", async () => {
    const adaPage = await list(ada.token, { limit: '2' });
    const cursor = adaPage.body.pagination.next_cursor ?? '';
    const adaIds = new Set((await list(ada.token, { limit: '100' })).body.invoices.map((i) => i.ID));
    const directions: Record<string, string>[] = [{ after: cursor }, { before: cursor }];
    for (const params of directions) {
      const theirs = await list(bea.token, params);
      expect(theirs.status).toBe(200);
      expect(theirs.body.invoices.some((invoice) => adaIds.has(invoice.ID))).toBe(false);
    }
    for (const after of ['%%%', 'AAAA', Buffer.from('1.a b').toString('base64url'), 'x'.repeat(300)]) {
      const bad = await list(ada.token, { after });
      expect(bad.status).toBe(400);
    }
    const both = await list(ada.token, { after: cursor, before: cursor });
    expect(both.status).toBe(400);
    const free = await list(fay.token, { after: cursor });
    expect(free.status).toBe(402);
  });
});
