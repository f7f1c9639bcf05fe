import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

const today = new Date('2026-11-27T10:00:00Z');

/** Issue 27, items 2 and 4: unissued drafts on the server, and Duplicate. */
describe.each(httpStores())('drafts and duplicates over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string };
  let bob: { token: string };

  beforeAll(async () => {
    app = await startTestApp(kind, { now: () => today });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
  });
  afterAll(() => app.close());

  const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers });
  /** Reads after a command name its position, as the web app does: the drafts' read model has applied it. */
  const after = (answer: { headers: Headers }) => ({
    'X-Remit-Position': answer.headers.get('X-Remit-Position') ?? '',
  });

  it('Duplicate: 201 with a new draft of the same customer, lines, terms and e-invoice details, dated today', async () => {
    const eInvoice = {
      customer: { type: 'public_body', buyerReference: '04011000-1234-56' },
      delivery: { kind: 'date', date: '2025-03-10' },
      paymentTerms: 'Net 30',
    };
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'DUP-001', eInvoice } as never),
    );
    const invoiceId = (created.body.invoice as { ID: string }).ID;
    const key = { 'Idempotency-Key': `duplicate-${invoiceId}` };
    const duplicated = await app.post(`/invoices/${invoiceId}/duplicate`, {}, as(ada.token, key));
    expect(duplicated.status).toBe(201);
    const id = String(duplicated.body.id);
    // The same command twice is one draft.
    const again = await app.post(`/invoices/${invoiceId}/duplicate`, {}, as(ada.token, key));
    expect(again.body.id).toBe(id);
    const draft = await app.get(`/drafts/${id}`, as(ada.token, after(again)));
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ id, version: 1, duplicateOf: invoiceId });
    expect(draft.body.form).toMatchObject({
      invoiceNumber: '',
      customerName: 'Charles Babbage',
      termsAndConditions: 'Payment due in 30 days.',
      items: [
        { description: 'Design of the engine', quantity: 2, unitPrice: '950.50' },
        { description: 'Punch cards', quantity: 3, unitPrice: '0.10' },
      ],
      // 2025-03-14 → 2025-04-13 is 30 days; the copy is due 30 days after today.
      issueDate: '2026-11-27',
      dueDate: '2026-12-27',
      eInvoice: {
        customer: { type: 'public_body', buyerReference: '04011000-1234-56' },
        paymentTerms: 'Net 30',
      },
    });
    expect((draft.body.form as { eInvoice: object }).eInvoice).not.toHaveProperty('delivery');
    // No number was consumed: the next one is still free.
    const list = await app.get('/drafts', as(ada.token, after(again)));
    expect((list.body.drafts as { id: string }[]).map((entry) => entry.id)).toEqual([id]);
  });

  it('issues a draft: it leaves the drafts; a number taken meanwhile is the clear number-taken message', async () => {
    const draftId = 'draft-issue-0001';
    const saved = await app.call('PUT', `/drafts/${draftId}`, {
      ...as(ada.token),
      body: { form: invoicePayload({ invoiceNumber: 'DRF-001' }) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: draftId, version: 1 });
    // Meanwhile another device issued an invoice with that number.
    expect((await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'DRF-001' }))).status).toBe(
      201,
    );
    const taken = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'DRF-001', draftId }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'invoice_number_taken',
      error: 'Invoice number DRF-001 is already used by another of your invoices',
    });
    expect((await app.get(`/drafts/${draftId}`, as(ada.token, after(saved)))).status).toBe(200);
    const issued = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'DRF-002', draftId }));
    expect(issued.status).toBe(201);
    expect((await app.get(`/drafts/${draftId}`, as(ada.token, after(issued)))).status).toBe(404);
    // Issued once: a second device's Generate from the same draft is refused, not a second invoice.
    const twice = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'DRF-003', draftId }));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('draft_issued');
  });

  it('two devices: a save made on an older version is refused with a message; saved again it wins', async () => {
    const draftId = 'draft-two-devices';
    const put = (notes: string, version?: string) =>
      app.call('PUT', `/drafts/${draftId}`, {
        ...as(ada.token, version ? { 'If-Match': version } : {}),
        body: { form: { customerName: 'Charles', notes } },
      });
    expect((await put('first')).body.version).toBe(1);
    expect((await put('from the phone', '"1"')).body.version).toBe(2);
    const laptop = await put('from the laptop', '"1"');
    expect(laptop.status).toBe(409);
    expect(laptop.body.code).toBe('draft_changed');
    expect(laptop.body.error).toContain('This draft was changed on another device after you opened it');
    const won = await put('from the laptop', '"2"');
    expect(won.status).toBe(200);
    expect((await app.get(`/drafts/${draftId}`, as(ada.token, after(won)))).body).toMatchObject({
      version: 3,
      form: { notes: 'from the laptop' },
    });
  });

  it("discards a draft; another user's draft and invoice are 404; hostile input is 400", async () => {
    const draftId = 'draft-discard-01';
    const saved = await app.call('PUT', `/drafts/${draftId}`, {
      ...as(ada.token),
      body: { form: { notes: 'x' } },
    });
    expect((await app.get(`/drafts/${draftId}`, as(bob.token, after(saved)))).status).toBe(404);
    expect(
      (await app.call('PUT', `/drafts/${draftId}`, { ...as(bob.token), body: { form: { notes: 'mine' } } }))
        .status,
    ).toBe(404);
    expect((await app.call('DELETE', `/drafts/${draftId}`, as(bob.token))).status).toBe(404);
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'DUP-404' }));
    const invoiceId = (created.body.invoice as { ID: string }).ID;
    expect((await app.post(`/invoices/${invoiceId}/duplicate`, {}, as(bob.token))).status).toBe(404);
    const discarded = await app.call('DELETE', `/drafts/${draftId}`, as(ada.token));
    expect(discarded.status).toBe(200);
    expect((await app.get(`/drafts/${draftId}`, as(ada.token, after(discarded)))).status).toBe(404);
    expect((await app.call('PUT', '/drafts/..%2F..', { ...as(ada.token), body: { form: {} } })).status).toBe(
      400,
    );
    expect(
      (await app.call('PUT', '/drafts/draft-bad-form', { ...as(ada.token), body: { form: 'x' } })).status,
    ).toBe(400);
    expect((await app.get('/drafts', as(bob.token))).body).toEqual({ drafts: [] });
  });
});
