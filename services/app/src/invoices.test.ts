import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

async function streamCount(app: TestApp, prefix: string): Promise<number> {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from events where stream_id like ${`${prefix}%`}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe.each(httpStores())('issuing invoices over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
  });
  afterAll(() => app.close());

  it('issues an invoice without a logo; the server computes every total and ignores the client total', async () => {
    const created = await postInvoice(app, ada.token, {
      ...invoicePayload(),
      amount: 1,
      Amount: 1,
      subtotal: 5,
    });
    expect(created.status).toBe(201);
    const invoice = created.body.invoice as Record<string, unknown>;
    // 2 × 950.50 + 3 × 0.10 = 1901.30; 20% tax = 380.26; total 2281.56
    expect(invoice).toMatchObject({
      InvoiceNumber: 'INV-0001',
      Status: 'Draft',
      Subtotal: 190130,
      Tax: 38026,
      Amount: 228156,
      Currency: 'EUR',
      CurrencySymbol: '€',
      TaxRate: 20,
      LogoURL: null,
      CustomerCompanyVAT: null,
    });
    const details = await app.get(`/invoices/${String(invoice.ID)}`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(created.body.position) },
    });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ ID: invoice.ID, Amount: 228156, Items: invoice.Items });
  });

  it('issues an invoice with a logo and serves the logo back', async () => {
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0002' }), {
      logo: { bytes: tinyPng, type: 'image/png' },
    });
    expect(created.status).toBe(201);
    const logoUrl = (created.body.invoice as { LogoURL: string }).LogoURL;
    expect(logoUrl).toMatch(/^\/api\/logos\/[a-f0-9]{40}$/);
    const logo = await fetch(`${app.base}${logoUrl}`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(Buffer.from(tinyPng))).toBe(true);
  });

  it('refuses a duplicate number with 409 invoice_number_taken', async () => {
    const again = await postInvoice(app, ada.token, invoicePayload());
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invoice_number_taken');
    // Another user may use the same number.
    expect((await postInvoice(app, bob.token, invoicePayload())).status).toBe(201);
  });

  it('refuses a non-image or an oversize logo and writes no event', async () => {
    const before = await streamCount(app, 'invoice-');
    const text = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0100' }), {
      logo: { bytes: new TextEncoder().encode('<svg onload="alert(1)"></svg>'), type: 'image/png' },
    });
    expect(text.status).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(tinyPng);
    const oversize = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0101' }), {
      logo: { bytes: big, type: 'image/png' },
    });
    expect(oversize.status).toBe(413);
    expect(await streamCount(app, 'invoice-')).toBe(before);
  });

  it('answers 400 with the spec messages per field', async () => {
    const bad = await postInvoice(app, ada.token, invoicePayload({ customerName: '', items: [] }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      customerName: 'Customer name is required',
      items: 'At least one item is required',
    });
  });

  it('issues one invoice for one idempotency key sent twice', async () => {
    const headers = { 'Idempotency-Key': 'issue-once-0001' };
    const payload = invoicePayload({ invoiceNumber: 'INV-0200' });
    const first = await postInvoice(app, ada.token, payload, { headers });
    const second = await postInvoice(app, ada.token, payload, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((second.body.invoice as { ID: string }).ID).toBe((first.body.invoice as { ID: string }).ID);
    const other = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0201' }), {
      headers,
    });
    expect(other.status).toBe(400);
  });

  it("answers 404 for every /invoices/{id} route with another user's id", async () => {
    const mine = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0300' }));
    const id = (mine.body.invoice as { ID: string }).ID;
    await app.remit.caughtUp();
    const as = { token: bob.token };
    expect((await app.get(`/invoices/${id}`, as)).status).toBe(404);
    expect((await app.get(`/invoices/${id}/history`, as)).status).toBe(404);
    expect((await app.get(`/invoices/${id}/preview`, as)).status).toBe(404);
    expect((await app.get(`/invoices/${id}/pdf`, as)).status).toBe(404);
    expect((await app.post('/generate-pdf', { invoiceId: id }, as)).status).toBe(404);
    expect((await app.call('PUT', `/invoices/${id}`, { ...as, body: invoicePayload() })).status).toBe(404);
    expect((await app.call('DELETE', `/invoices/${id}`, as)).status).toBe(404);
    expect((await app.get(`/invoices/${id}`, { token: ada.token })).status).toBe(200);
  });

  it('revises and deletes an own invoice; a deleted number stays reserved', async () => {
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0400' }));
    const id = (created.body.invoice as { ID: string }).ID;
    const revised = await app.call('PUT', `/invoices/${id}`, {
      token: ada.token,
      body: invoicePayload({ invoiceNumber: 'INV-0401', taxRate: 0 }),
    });
    expect(revised.status).toBe(200);
    expect(revised.body.invoice).toMatchObject({ InvoiceNumber: 'INV-0401', Tax: 0, Amount: 190130 });
    const taken = await app.call('PUT', `/invoices/${id}`, { token: ada.token, body: invoicePayload() });
    expect(taken.status).toBe(409);
    const deleted = await app.call('DELETE', `/invoices/${id}`, { token: ada.token });
    expect(deleted.status).toBe(200);
    const headers = { 'X-Remit-Position': String(deleted.body.position) };
    expect((await app.get(`/invoices/${id}`, { token: ada.token, headers })).status).toBe(404);
    expect((await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0401' }))).status).toBe(
      409,
    );
    const kept = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0500' }));
    const keptId = (kept.body.invoice as { ID: string }).ID;
    const history = await app.get(`/invoices/${keptId}/history`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(kept.body.position) },
    });
    expect(history.body.events).toEqual([
      expect.objectContaining({
        type: 'InvoiceIssued',
        by: { id: ada.user.id, name: 'Ada Lovelace' },
        summary: 'Issued invoice INV-0500',
      }),
    ]);
  });

  it('scopes customer suggestions to the user', async () => {
    await app.remit.caughtUp();
    const mine = await app.get('/customers/suggestions?q=charl', { token: ada.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        Name: 'Charles Babbage',
        Email: 'charles@difference.example',
        CompanyVAT: null,
      }),
    ]);
    await postInvoice(
      app,
      bob.token,
      invoicePayload({
        invoiceNumber: 'B-0002',
        customerName: 'Charlotte Bronte',
        customerEmail: 'c@bronte.example',
      }),
    );
    await app.remit.caughtUp();
    const adas = (await app.get('/customers/suggestions?q=charlotte', { token: ada.token })).body;
    expect(adas).toEqual([]);
    expect((await app.get('/customers/suggestions?q=c', { token: ada.token })).status).toBe(400);
  });

  it('keeps settings as user events and answers them in the spec shape', async () => {
    const initial = await app.get('/settings', { token: ada.token });
    expect(initial.body).toMatchObject({
      Name: 'Ada Lovelace',
      DefaultDueDays: null,
      Settings: { DefaultCurrency: 'USD' },
    });
    const put = await app.call('PUT', '/settings', {
      token: ada.token,
      body: {
        DefaultDueDays: 30,
        Settings: {
          CompanyName: 'Engines & Co',
          CompanyEmail: 'billing@engines.example',
          CompanyAddress: '12 Analytical Street',
          DefaultCurrency: 'eur',
          UserCompanyVAT: 'GB123456789',
        },
      },
    });
    expect(put.status).toBe(200);
    const after = await app.get('/settings', {
      token: ada.token,
      headers: { 'X-Remit-Position': String(put.body.position) },
    });
    expect(after.body).toEqual({
      Name: 'Ada Lovelace',
      DefaultDueDays: 30,
      Settings: {
        CompanyName: 'Engines & Co',
        CompanyEmail: 'billing@engines.example',
        CompanyAddress: '12 Analytical Street',
        DefaultCurrency: 'EUR',
        UserCompanyVAT: 'GB123456789',
        LogoURL: null,
        // The e-invoice details of the profile (UserSettingsChanged v2): the free-text address read as lines.
        CompanyPhone: '',
        CompanyPostalAddress: {
          lines: ['12 Analytical Street'],
          postCode: '',
          city: '',
          region: '',
          country: null,
        },
        CompanyTaxNumber: null,
      },
    });
    const bad = await app.call('PUT', '/settings', { token: ada.token, body: { DefaultDueDays: -3 } });
    expect(bad.status).toBe(400);
  });

  it('suggests the next number after the last reserved one', async () => {
    await app.remit.caughtUp();
    const next = await app.get('/invoices/next-number', { token: bob.token });
    expect(next.body).toEqual({ number: 'B-0003' });
  });
});
