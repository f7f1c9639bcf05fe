import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/** Issue 27, item 3: an invoice is edited (PUT) until it is final; then 409 `invoice_final` says to credit it. */
describe.each(httpStores())('editing an invoice until it is final, over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string };
  let bob: { token: string };
  let numbers = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
  });
  afterAll(() => app.close());

  async function issue(extra: Parameters<typeof invoicePayload>[0] = {}) {
    numbers += 1;
    const number = `EDIT-${String(numbers).padStart(3, '0')}`;
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: number, ...extra }));
    expect(created.status).toBe(201);
    // The reads that follow carry no X-Remit-Position, so they wait here for the read models to have the invoice,
    // as the web app's reads after a command do; without it, a read on PGlite once met the projector between its
    // look and its batch and answered 404 (CI, 2026-11-28).
    await app.applied(BigInt(created.headers.get('x-remit-position') as string));
    return { id: (created.body.invoice as { ID: string }).ID, number, revision: created.body.revision };
  }
  const put = (id: string, body: unknown, headers: Record<string, string> = {}, token = ada.token) =>
    app.call('PUT', `/invoices/${id}`, { token, body, headers });

  it('opens the invoice as the wizard edits it: the submit payload with its e-invoice details, the revision', async () => {
    const eInvoice = {
      customer: {
        type: 'public_body',
        buyerReference: '04011000-1234-56',
        address: { lines: ['1 Dorset Street'], postCode: 'W1U 4EG', city: 'London', country: 'GB' },
      },
      delivery: { kind: 'period', start: '2025-03-01', end: '2025-03-10' },
      paymentTerms: 'Net 30',
    };
    const { id, number, revision } = await issue({ eInvoice } as never);
    expect(revision).toBe(1);
    const form = await app.get(`/invoices/${id}/form`, { token: ada.token });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ revision: 1, finalBy: null, finalMessage: null, logoURL: null });
    expect(form.body.form).toMatchObject({
      invoiceNumber: number,
      taxRate: 20,
      items: [
        { description: 'Design of the engine', quantity: 2, unitPrice: '950.50' },
        { description: 'Punch cards', quantity: 3, unitPrice: '0.10' },
      ],
      eInvoice: {
        customer: { type: 'public_body', buyerReference: '04011000-1234-56' },
        delivery: eInvoice.delivery,
        paymentTerms: 'Net 30',
      },
    });
    // Sent back unchanged it is the same invoice: nothing is written.
    const same = await put(id, form.body.form, { 'If-Match': '"1"' });
    expect(same.status).toBe(200);
    expect(same.body.revision).toBe(1);
    expect(same.body.position).toBeUndefined();
  });

  it('edits until final; every revision stays in History', async () => {
    const { id, number } = await issue();
    const edited = await put(id, invoicePayload({ invoiceNumber: number, notes: 'Fixed the typo' }), {
      'If-Match': '"1"',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.revision).toBe(2);
    const again = await put(id, invoicePayload({ invoiceNumber: number, notes: 'Fixed it twice' }), {
      'If-Match': '2',
    });
    expect(again.status).toBe(200);
    const history = await app.get(`/invoices/${id}/history`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(again.body.position) },
    });
    expect((history.body.events as { summary: string }[]).map((event) => event.summary)).toEqual([
      `Issued invoice ${number}`,
      `Revised invoice ${number}`,
      `Revised invoice ${number}`,
    ]);
  });

  it.each([
    [
      'sent',
      (id: string) => app.post(`/invoices/${id}/send`, {}, { token: ada.token }),
      'was sent to the customer',
    ],
    [
      'shared',
      (id: string) => app.post(`/invoices/${id}/share`, {}, { token: ada.token }),
      'was shared with the customer',
    ],
    [
      'paid in part',
      (id: string) => app.post(`/invoices/${id}/payments`, { amount: 10 }, { token: ada.token }),
      'has a payment recorded',
    ],
    [
      'downloaded as PDF',
      (id: string) => app.post(`/invoices/${id}/downloads`, { format: 'pdf' }, { token: ada.token }),
      'was downloaded',
    ],
    [
      'downloaded as e-invoice',
      (id: string) => app.post(`/invoices/${id}/downloads`, { format: 'einvoice' }, { token: ada.token }),
      'was downloaded',
    ],
  ])('once %s, PUT answers 409 invoice_final saying to issue a credit note', async (_how, makeFinal, why) => {
    const { id, number } = await issue();
    const made = await makeFinal(id);
    // The send needs the renderer: where it runs without one, the other ways still make it final.
    if (made.status === 503) return;
    expect(made.status).toBeLessThan(300);
    const refused = await put(id, invoicePayload({ invoiceNumber: number, notes: 'too late' }));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invoice_final');
    expect(refused.body.error).toBe(
      `This invoice ${why}, so it is final and can no longer be edited. Issue a credit note to correct it.`,
    );
    const form = await app.get(`/invoices/${id}/form`, { token: ada.token });
    expect(form.body).toMatchObject({ finalMessage: refused.body.error });
  });

  it('a download is recorded once: the same key twice, or a second download, writes nothing more', async () => {
    const { id } = await issue();
    const headers = { 'Idempotency-Key': `download-${id}` };
    const first = await app.post(
      `/invoices/${id}/downloads`,
      { format: 'pdf' },
      { token: ada.token, headers },
    );
    const repeat = await app.post(
      `/invoices/${id}/downloads`,
      { format: 'pdf' },
      { token: ada.token, headers },
    );
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    const later = await app.post(`/invoices/${id}/downloads`, { format: 'einvoice' }, { token: ada.token });
    expect(later.body).toEqual({ final: true });
    const history = await app.get(`/invoices/${id}/history`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(first.body.position) },
    });
    expect((history.body.events as { type: string }[]).map((event) => event.type)).toEqual([
      'InvoiceIssued',
      'InvoiceDownloaded',
    ]);
  });

  it('two devices: the edit made on an older revision is refused with a message; saved again, the later edit wins', async () => {
    const { id, number } = await issue();
    const phone = await put(id, invoicePayload({ invoiceNumber: number, notes: 'From the phone' }), {
      'If-Match': '"1"',
    });
    expect(phone.status).toBe(200);
    const laptop = await put(id, invoicePayload({ invoiceNumber: number, notes: 'From the laptop' }), {
      'If-Match': '"1"',
    });
    expect(laptop.status).toBe(409);
    expect(laptop.body.code).toBe('invoice_changed');
    expect(laptop.body.error).toContain('This invoice was changed on another device after you opened it');
    const reread = await app.get(`/invoices/${id}/form`, { token: ada.token });
    expect(reread.body).toMatchObject({ revision: 2, form: { notes: 'From the phone' } });
    const replaced = await put(id, invoicePayload({ invoiceNumber: number, notes: 'From the laptop' }), {
      'If-Match': '"2"',
    });
    expect(replaced.status).toBe(200);
    // Nothing silently lost: the phone's edit is in History, the laptop's is the invoice.
    const history = await app.get(`/invoices/${id}/history`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(replaced.body.position) },
    });
    expect(history.body.events).toHaveLength(3);
    expect(replaced.body.invoice).toMatchObject({ Notes: 'From the laptop' });
  });

  it("another user's invoice is 404 for the form, the edit and the download; hostile input is 400", async () => {
    const { id, number } = await issue();
    expect((await app.get(`/invoices/${id}/form`, { token: bob.token })).status).toBe(404);
    expect((await put(id, invoicePayload({ invoiceNumber: number }), {}, bob.token)).status).toBe(404);
    expect(
      (await app.post(`/invoices/${id}/downloads`, { format: 'pdf' }, { token: bob.token })).status,
    ).toBe(404);
    expect(
      (await app.post(`/invoices/${id}/downloads`, { format: 'exe' }, { token: ada.token })).status,
    ).toBe(400);
    expect(
      (await put(id, invoicePayload({ invoiceNumber: number }), { 'If-Match': 'DROP TABLE' })).status,
    ).toBe(400);
    expect((await put(id, { ...invoicePayload({ invoiceNumber: number }), notes: '<script>' })).status).toBe(
      400,
    );
    expect((await app.get('/invoices/nope%00/form', { token: ada.token })).status).toBe(400);
  });
});
