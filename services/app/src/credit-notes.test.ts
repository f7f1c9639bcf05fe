import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

async function eventsOfType(app: TestApp, type: string, userId: string): Promise<number> {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from events where type = ${type} and data->>'userId' = ${userId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Credit notes and refunds over HTTP (issue 27): numbers, what is left to credit, races, ownership. */
describe.each(httpStores())('credit notes over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  let numbered = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
    // Ada subscribes, so every invoice of hers is open and the list filters.
    await subscribe(app, ada);
  });
  afterAll(() => app.close());

  /** A new invoice of Ada's: 2 × 950.50 and 3 × 0.10 at 20 %, 2281.56 EUR. */
  async function issue(): Promise<string> {
    numbered += 1;
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: `CR-${numbered}` }));
    expect(created.status).toBe(201);
    return String((created.body.invoice as { ID: string }).ID);
  }
  const as = (token: string, key?: string) => ({
    token,
    headers: (key ? { 'Idempotency-Key': key } : {}) as Record<string, string>,
  });

  it('a full credit cancels the invoice under the next CN number; the same key twice is one credit note', async () => {
    const id = await issue();
    const key = `credit-full-${kind}-0001`;
    const first = await app.post(`/invoices/${id}/credit-notes`, { reason: 'Cancelled' }, as(ada.token, key));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: expect.any(String),
      number: 'CN-0001',
      invoiceId: id,
      full: true,
      total: 228156,
      currency: 'EUR',
      balance: 0,
      refundDue: 0,
    });
    const again = await app.post(`/invoices/${id}/credit-notes`, { reason: 'Cancelled' }, as(ada.token, key));
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventsOfType(app, 'CreditNoteIssued', ada.user.id)).toBe(1);

    const nothing = await app.post(`/invoices/${id}/credit-notes`, { reason: 'Again' }, as(ada.token));
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('nothing_to_credit');
  });

  it('a partial credit takes what is typed; one that would exceed what is left is 422 naming the field', async () => {
    const id = await issue();
    const partial = await app.post(
      `/invoices/${id}/credit-notes`,
      { reason: 'One day less', lines: [{ line: 1, quantity: '1', unitPrice: '950,50' }] },
      as(ada.token),
    );
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ number: 'CN-0002', full: false, total: 114060, balance: 114096 });

    const over = await app.post(
      `/invoices/${id}/credit-notes`,
      { reason: 'Too much', lines: [{ line: 1, quantity: '2', unitPrice: '950.50' }] },
      as(ada.token),
    );
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'credit_exceeds_line',
      fields: { 'lines.0.quantity': 'Line 1 has €950.50 left to credit' },
    });
    // A refused credit takes no number: the series stays gap-free.
    const next = await app.post(`/invoices/${id}/credit-notes`, { reason: 'The rest' }, as(ada.token));
    expect(next.body).toMatchObject({ number: 'CN-0003', full: true, balance: 0 });
  });

  it("a credit on another user's invoice is 404, and hostile input is a clear 400", async () => {
    const id = await issue();
    const theirs = await app.post(`/invoices/${id}/credit-notes`, { reason: 'Mine now' }, as(bob.token));
    expect(theirs.status).toBe(404);
    const unknown = await app.post('/invoices/no-such-id/credit-notes', { reason: 'x' }, as(ada.token));
    expect(unknown.status).toBe(404);
    for (const body of [
      {},
      { reason: '' },
      { reason: 'x'.repeat(501) },
      { reason: 'x', lines: [] },
      { reason: 'x', lines: [{ line: 0, quantity: '1', unitPrice: '1' }] },
      { reason: 'x', lines: [{ line: 1, quantity: { $gt: 0 }, unitPrice: '1' }] },
      { reason: 'x', lines: [{ line: 1, quantity: '1e9', unitPrice: '1' }] },
      { reason: 'x', lines: [{ line: 1, quantity: '1', unitPrice: '-5' }] },
      { reason: 'x', lines: [{ line: 1, quantity: '1', unitPrice: '99999999999999999999' }] },
      { reason: ['x'] },
    ]) {
      const refused = await app.post(`/invoices/${id}/credit-notes`, body, as(ada.token));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await app.post(`/invoices/${id}/credit-notes`, { reason: 'x' }).then((r) => r.status)).toBe(401);
  });

  it('a credit racing a payment: both are decided on the state they are appended to', async () => {
    const id = await issue();
    const [credit, payment] = await Promise.all([
      app.post(`/invoices/${id}/credit-notes`, { reason: 'Cancelled' }, as(ada.token)),
      app.post(`/invoices/${id}/payments`, { amount: null }, as(ada.token)),
    ]);
    expect(credit.status).toBe(201);
    if (payment.status === 201) {
      // The payment came first: the credit finds it paid and owes it back.
      expect(credit.body).toMatchObject({ balance: 0, refundDue: 228156 });
      const refund = await app.post(`/invoices/${id}/refunds`, { amount: '2281.56' }, as(ada.token));
      expect(refund.status).toBe(201);
      expect(refund.body).toMatchObject({ refundDue: 0, balance: 0 });
    } else {
      // The credit came first: nothing is left to pay.
      expect(payment.status).toBe(409);
      expect(credit.body).toMatchObject({ balance: 0, refundDue: 0 });
    }
  });

  it("reads 'Credited' when fully credited and unpaid, 'Refund due' when it was paid, in the details and the filter", async () => {
    const unpaid = await issue();
    const credited = await app.post(
      `/invoices/${unpaid}/credit-notes`,
      { reason: 'Cancelled' },
      as(ada.token),
    );
    await app.applied(BigInt(String(credited.body.position)));
    const details = await app.get(`/invoices/${unpaid}`, { token: ada.token });
    expect(details.body.Collection).toMatchObject({ CollectionStatus: 'credited', Balance: 0, RefundDue: 0 });
    const filtered = await app.get('/invoices?status=credited', { token: ada.token });
    const listed = (filtered.body.invoices as Array<{ ID: string; CollectionStatus: string }>).map(
      (row) => row.ID,
    );
    expect(listed).toContain(unpaid);

    const paid = await issue();
    await app.post(`/invoices/${paid}/payments`, { amount: null }, as(ada.token));
    const credit = await app.post(
      `/invoices/${paid}/credit-notes`,
      { reason: 'One day less', lines: [{ line: 1, quantity: '1', unitPrice: '950.50' }] },
      as(ada.token),
    );
    expect(credit.body).toMatchObject({ balance: 0, refundDue: 114060 });
    await app.applied(BigInt(String(credit.body.position)));
    const owed = await app.get(`/invoices/${paid}`, { token: ada.token });
    expect(owed.body.Collection).toMatchObject({
      CollectionStatus: 'refund_due',
      Balance: 0,
      RefundDue: 114060,
    });
    const refunds = await app.get('/invoices?status=refund_due', { token: ada.token });
    expect((refunds.body.invoices as Array<{ ID: string }>).map((row) => row.ID)).toContain(paid);

    const refund = await app.post(
      `/invoices/${paid}/refunds`,
      { amount: '1140.60', date: '2025-05-01' },
      as(ada.token),
    );
    expect(refund.status).toBe(201);
    await app.applied(BigInt(String(refund.body.position)));
    const settled = await app.get(`/invoices/${paid}`, { token: ada.token });
    expect(settled.body.Collection).toMatchObject({ CollectionStatus: 'paid', Balance: 0, RefundDue: 0 });
    const again = await app.post(`/invoices/${paid}/refunds`, { amount: '1' }, as(ada.token));
    expect(again.status).toBe(409);
  });

  it('numbers credit notes per user, gap-free under concurrent issues', async () => {
    const ids = await Promise.all([issue(), issue(), issue()]);
    const answers = await Promise.all(
      ids.map((id) => app.post(`/invoices/${id}/credit-notes`, { reason: 'Cancelled' }, as(ada.token))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const numbers = answers.map((answer) => String(answer.body.number)).sort();
    const before = await eventsOfType(app, 'DocumentNumberAssigned', ada.user.id);
    expect(numbers).toEqual([before - 2, before - 1, before].map((n) => `CN-${String(n).padStart(4, '0')}`));
    const bobs = await postInvoice(app, bob.token, invoicePayload({ invoiceNumber: 'B-1' }));
    const bobId = String((bobs.body.invoice as { ID: string }).ID);
    const bobCredit = await app.post(`/invoices/${bobId}/credit-notes`, { reason: 'x' }, as(bob.token));
    expect(bobCredit.body.number).toBe('CN-0001');
  });

  it("lists the user's credit notes newest first, searchable and paged; the client page shows them with payments", async () => {
    const id = await issue();
    await app.post(
      `/invoices/${id}/payments`,
      { amount: '100.00', reference: 'Ü-überweisung' },
      as(ada.token),
    );
    const credited = await app.post(
      `/invoices/${id}/credit-notes`,
      { reason: 'Tarif corrigé', lines: [{ line: 2, quantity: '3', unitPrice: '0.10' }] },
      as(ada.token),
    );
    expect(credited.status).toBe(201);
    const client = await app.post(
      '/clients',
      { companyName: 'Difference Works', email: 'Charles@Difference.example' },
      as(ada.token),
    );
    await app.applied(BigInt(String(client.body.position)));

    const list = await app.get('/credit-notes', { token: ada.token });
    expect(list.status).toBe(200);
    expect((list.body.creditNotes as unknown[])[0]).toEqual({
      id: credited.body.id,
      number: credited.body.number,
      issueDate: expect.any(String),
      reason: 'Tarif corrigé',
      full: false,
      total: 36,
      currency: 'EUR',
      invoiceId: id,
      invoiceNumber: `CR-${numbered}`,
      customerName: 'Charles Babbage',
    });
    expect(list.body).toMatchObject({ page: 1, pageSize: 20, total: expect.any(Number) });
    const found = await app.get(`/credit-notes?search=${encodeURIComponent(`cr-${numbered}`)}`, {
      token: ada.token,
    });
    expect((found.body.creditNotes as { id: string }[]).map((note) => note.id)).toEqual([credited.body.id]);
    // Search text is literal: % matches only itself.
    expect((await app.get('/credit-notes?search=%25', { token: ada.token })).body.creditNotes).toEqual([]);
    // Another user's list holds none of Ada's; bad paging is a clear 400.
    const bobs = await app.get('/credit-notes', { token: bob.token });
    expect((bobs.body.creditNotes as { id: string }[]).map((note) => note.id)).not.toContain(
      credited.body.id,
    );
    const bad = await app.get('/credit-notes?page=0', { token: ada.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Page must be a whole number from 1');

    const page = await app.get(`/clients/${(client.body.client as { id: string }).id}`, { token: ada.token });
    expect(page.status).toBe(200);
    expect((page.body.creditNotes as { id: string }[]).map((note) => note.id)).toContain(credited.body.id);
    expect(page.body.payments).toContainEqual(
      expect.objectContaining({ invoiceId: id, amount: 10000, reference: 'Ü-überweisung', reversed: false }),
    );
    // The invoice's balance on the client page is after the payment and the credit: 2281.56 − 100 − 0.36.
    expect(page.body.invoices).toContainEqual(expect.objectContaining({ id, balance: 218120 }));
  });

  it('the series keeps the prefix and next number set in /profile, and never counts below a number given', async () => {
    const cleo = await signedInUser(app, `cleo-${kind}@example.com`, 'Cleo Wright');
    const created = await postInvoice(app, cleo.token, invoicePayload({ invoiceNumber: 'SER-1' }));
    const id = String((created.body.invoice as { ID: string }).ID);
    const credit = (quantity: string) =>
      app.post(
        `/invoices/${id}/credit-notes`,
        { reason: 'Correction', lines: [{ line: 2, quantity, unitPrice: '0.10' }] },
        as(cleo.token),
      );
    const series = async () =>
      ((await app.get('/settings/document-series', { token: cleo.token })).body.series as unknown[])[0];
    expect(await series()).toEqual({
      kind: 'credit_note',
      prefix: 'CN-',
      nextNumber: 1,
      next: 'CN-0001',
      last: null,
    });
    expect((await credit('1')).body.number).toBe('CN-0001');

    const set = (body: unknown, key?: string) =>
      app.call('PUT', '/settings/document-series/credit_note', { ...as(cleo.token, key), body });
    const changed = await set({ prefix: 'GS-2026-', nextNumber: 7 }, 'series-1');
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ prefix: 'GS-2026-', nextNumber: 7, next: 'GS-2026-0007' });
    expect(
      (await set({ prefix: 'GS-2026-', nextNumber: 7 }, 'series-1')).headers.get('idempotent-replayed'),
    ).toBe('true');
    expect((await credit('1')).body.number).toBe('GS-2026-0007');
    expect(await series()).toEqual({
      kind: 'credit_note',
      prefix: 'GS-2026-',
      nextNumber: 8,
      next: 'GS-2026-0008',
      last: 'GS-2026-0007',
    });

    // Back to a prefix that gave CN-0001: never CN-0001 again.
    const back = await set({ prefix: 'CN-', nextNumber: 1 });
    expect(back.status).toBe(422);
    expect(back.body.error).toBe('CN-0001 was given already: the next number must be 2 or higher');
    expect(back.body.fields).toEqual({ nextNumber: back.body.error });
    expect((await set({ prefix: 'CN-', nextNumber: 2 })).status).toBe(200);
    expect((await credit('1')).body.number).toBe('CN-0002');

    // Hostile or malformed input is a clear 400 and changes nothing.
    for (const body of [
      { prefix: '<script>', nextNumber: 3 },
      { prefix: 'A'.repeat(13), nextNumber: 3 },
      { prefix: 'CN-', nextNumber: 0 },
      { prefix: 'CN-', nextNumber: 1.5 },
      { prefix: 'CN-' },
    ]) {
      expect((await set(body)).status).toBe(400);
    }
    const unknownKind = await app.call('PUT', '/settings/document-series/receipt', {
      ...as(cleo.token),
      body: { prefix: 'R-', nextNumber: 1 },
    });
    expect(unknownKind.status).toBe(400);
    expect((await series()) as { next: string }).toMatchObject({ next: 'CN-0003' });
    // Another user's series is their own.
    const bobs = (await app.get('/settings/document-series', { token: bob.token })).body.series as unknown[];
    expect(bobs[0]).toMatchObject({ prefix: 'CN-' });
  });
});
