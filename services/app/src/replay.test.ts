import { testStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

describe.each(testStores())('replay for auditors on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) {
      const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
      await app.post('/auth/signup', { name, email, password: 'Sunflower42' });
    }
    await app.remit.caughtUp();
  });
  afterAll(() => app.close());

  it('finds every read model equal to its rebuild from the log', async () => {
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.map((report) => report.projection)).toEqual(
      projections.map((projection) => projection.name),
    );
    expect(reports.every((report) => report.differences.length === 0)).toBe(true);
    expect(reports.find((report) => report.projection === 'users')?.events).toBeGreaterThanOrEqual(9);
  });

  it('reports a live row that the log does not explain', async () => {
    await app.database.db.execute(sql`update users set name = 'Tampered' where email = 'ada@example.com'`);
    const [users] = await replayProjections(app.database.db, projections);
    expect(users?.differences).toEqual([
      expect.objectContaining({ table: 'users', onlyLive: 1, onlyReplayed: 1 }),
    ]);
    expect(users?.differences[0]?.samples.map((sample) => [sample.side, sample.row.name])).toEqual([
      ['live', 'Tampered'],
      ['replayed', 'Ada Lovelace'],
    ]);
  });
});

/** Issue 27 item 7: the documents' events rebuild every read model as the live projector built it. */
describe('replay after a mix of invoices, drafts, edits, credits, refunds and payments', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app.close());

  it('finds no difference', async () => {
    const ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    const as = { token: ada.token };
    const issue = async (number: string) => {
      const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: number }));
      expect(created.status).toBe(201);
      return String((created.body.invoice as { ID: string }).ID);
    };
    // Drafts: one saved twice and issued, one discarded, one kept.
    for (const [id, notes] of [
      ['draft-mix-1', 'first'],
      ['draft-mix-1', 'second'],
      ['draft-mix-2', 'to discard'],
      ['draft-mix-3', 'kept'],
    ] as const) {
      expect((await app.call('PUT', `/drafts/${id}`, { ...as, body: { form: { notes } } })).status).toBe(200);
    }
    expect((await app.call('DELETE', '/drafts/draft-mix-2', as)).status).toBe(200);
    const drafted = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'MIX-1', draftId: 'draft-mix-1' } as never),
    );
    expect(drafted.status).toBe(201);
    const edited = String((drafted.body.invoice as { ID: string }).ID);
    // An edit before it is final.
    const revised = await app.call('PUT', `/invoices/${edited}`, {
      ...as,
      body: invoicePayload({ invoiceNumber: 'MIX-1', notes: 'Edited' }),
      headers: { 'If-Match': '"1"' },
    });
    expect(revised.status).toBe(200);
    // Paid then partly credited and refunded; another fully credited; a third partly paid.
    const paid = await issue('MIX-2');
    expect((await app.post(`/invoices/${paid}/payments`, {}, as)).status).toBe(201);
    const credit = { reason: 'One day less', lines: [{ line: 1, quantity: '1', unitPrice: '950.50' }] };
    expect((await app.post(`/invoices/${paid}/credit-notes`, credit, as)).status).toBe(201);
    expect((await app.post(`/invoices/${paid}/refunds`, { amount: '1140.60' }, as)).status).toBe(201);
    const cancelled = await issue('MIX-3');
    expect((await app.post(`/invoices/${cancelled}/credit-notes`, { reason: 'Cancelled' }, as)).status).toBe(
      201,
    );
    const partly = await issue('MIX-4');
    const last = await app.post(`/invoices/${partly}/payments`, { amount: '100.00' }, as);
    expect(last.status).toBe(201);
    await app.applied(BigInt(String(last.body.position)));

    const reports = await replayProjections(app.database.db, projections);
    expect(reports.filter((report) => report.differences.length > 0)).toEqual([]);
    // The mix is in the read models that were compared: two credit notes, one draft still open.
    const count = async (query: ReturnType<typeof sql>) =>
      ((await app.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    expect(await count(sql`select count(*)::int as n from credit_notes`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from invoice_drafts where not closed`)).toBe(1);
  });
});
