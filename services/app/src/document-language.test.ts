import { httpStores } from '@remit/eventstore/testing';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

// Issue 30 over HTTP: an invoice's language is the payload's `language`, else its client's (the owner's client with
// the customer's e-mail, D-340), else the owner's document language (`PUT /settings/language`), else English; its
// PDF and the step-2 preview are written in it.

describe.each(httpStores())('the document language over HTTP on %s', (kind) => {
  let app: TestApp;
  let anna: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };

  beforeAll(async () => {
    app = await startTestApp(kind);
    anna = await signedInUser(app, 'anna@example.com', 'Anna Schmidt');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
    // Anna subscribes, so every invoice of hers can be downloaded.
    await subscribe(app, anna);
  });
  afterAll(() => app.close());

  async function textOf(path: string, token = anna.token): Promise<string> {
    const response = await fetch(`${app.base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  async function pdfText(payload: unknown, token = anna.token): Promise<string> {
    const created = await postInvoice(app, token, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    return textOf(`/invoices/${(created.body.invoice as { ID: string }).ID}/pdf`, token);
  }

  async function client(token: string, body: Record<string, unknown>) {
    const made = await app.post('/clients', body, { token });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await app.applied(BigInt(String(made.body.position)));
    return made.body.client as { id: string; version: number };
  }

  it('writes the payload’s language, else the owner’s, else English; refuses one it does not know', async () => {
    expect((await app.get('/settings/language', { token: anna.token })).body).toEqual({ language: 'en' });
    expect(await pdfText(invoicePayload({ invoiceNumber: 'LANG-EN' }))).toMatch(/Invoice/i);
    expect(await pdfText(invoicePayload({ invoiceNumber: 'LANG-FR', language: 'fr' }))).toMatch(/Facture/i);

    const put = await app.call('PUT', '/settings/language', { token: anna.token, body: { language: 'de' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ language: 'de' });
    await app.applied(BigInt(String(put.body.position)));
    expect((await app.get('/settings/language', { token: anna.token })).body).toEqual({ language: 'de' });
    // Another owner's default is untouched.
    expect((await app.get('/settings/language', { token: bob.token })).body).toEqual({ language: 'en' });

    const german = await pdfText(invoicePayload({ invoiceNumber: 'LANG-DE' }));
    expect(german).toMatch(/Rechnung/i);
    expect(german).toContain('Gesamtbetrag');
    // The payload still wins over the owner's default.
    expect(await pdfText(invoicePayload({ invoiceNumber: 'LANG-IT', language: 'it' }))).toMatch(/Fattura/i);

    const bad = await postInvoice(app, anna.token, {
      ...invoicePayload({ invoiceNumber: 'LANG-PT' }),
      language: 'pt',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please choose a document language from the list');
    const badSetting = await app.call('PUT', '/settings/language', {
      token: anna.token,
      body: { language: 'xx' },
    });
    expect(badSetting.status).toBe(400);
    expect((await app.call('PUT', '/settings/language', { body: { language: 'de' } })).status).toBe(401);
  });

  it('takes the client’s language when the payload names none, for an invoice and a quote, in the command itself', async () => {
    // Bob's default is English; his clients are Dutch and Spanish, Anna's client with the same e-mail is French.
    await client(bob.token, {
      companyName: 'Bakkerij de Vries',
      email: 'Inkoop@DeVries.example',
      language: 'nl',
    });
    await client(anna.token, { companyName: 'Boulangerie', email: 'inkoop@devries.example', language: 'fr' });
    const forBakery = { customerEmail: 'inkoop@devries.example', customerCompanyName: 'Bakkerij de Vries' };
    const dutch = await pdfText(invoicePayload({ invoiceNumber: 'NL-0001', ...forBakery }), bob.token);
    expect(dutch).toContain('Factuurnummer');
    // The payload still wins over the client's; a customer who is no client takes the owner's (English).
    expect(
      await pdfText(invoicePayload({ invoiceNumber: 'NL-0002', ...forBakery, language: 'it' }), bob.token),
    ).toMatch(/Fattura/i);
    expect(
      await pdfText(invoicePayload({ invoiceNumber: 'NL-0003', ...forBakery, language: '' }), bob.token),
    ).toContain('Factuurnummer');
    expect(await pdfText(invoicePayload({ invoiceNumber: 'EN-0004' }), bob.token)).toContain(
      'Invoice number',
    );

    // A quote made through the API is written in its client's language too.
    const quote = await app.post(
      '/quotes',
      {
        ...invoicePayload({ invoiceNumber: 'Q-1', ...forBakery }),
        validUntil: '2099-12-31',
        timeZone: 'Europe/Amsterdam',
      },
      { token: bob.token, headers: { 'Idempotency-Key': `language-quote-${kind}-0001` } },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    await app.applied(BigInt(String(quote.body.position)));
    expect(await textOf(`/quotes/${quote.body.id}/pdf`, bob.token)).toContain('Offerte');

    // Two clients with one e-mail are told apart by company name; when they still disagree, none is picked.
    await client(bob.token, { companyName: 'Panadería Ruiz', email: 'compras@ruiz.example', language: 'es' });
    await client(bob.token, { companyName: 'Ruiz Trading', email: 'compras@ruiz.example', language: 'de' });
    const ruiz = (companyName: string, invoiceNumber: string) =>
      invoicePayload({
        invoiceNumber,
        customerEmail: 'compras@ruiz.example',
        customerCompanyName: companyName,
      });
    expect(await pdfText(ruiz('Panadería Ruiz', 'ES-0001'), bob.token)).toContain('Número de factura');
    expect(await pdfText(ruiz('RUIZ TRADING ', 'DE-0001'), bob.token)).toContain('Rechnungsnummer');
    expect(await pdfText(ruiz('Ruiz Holding', 'EN-0002'), bob.token)).toContain('Invoice number');

    // A language changed a moment ago counts, and an archived client's no longer does.
    const shop = await client(bob.token, {
      companyName: 'Negozio',
      email: 'ordini@negozio.example',
      language: 'de',
    });
    const changed = await app.call('PUT', `/clients/${shop.id}`, {
      token: bob.token,
      body: {
        client: { companyName: 'Negozio', email: 'ordini@negozio.example', language: 'it' },
        version: shop.version,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const toShop = (invoiceNumber: string) =>
      invoicePayload({
        invoiceNumber,
        customerEmail: 'ordini@negozio.example',
        customerCompanyName: 'Negozio',
      });
    expect(await pdfText(toShop('IT-0001'), bob.token)).toContain('Numero fattura');
    const archived = await app.call('DELETE', `/clients/${shop.id}`, { token: bob.token });
    expect(archived.status).toBe(200);
    await app.applied(BigInt(String(archived.body.position)));
    expect(await pdfText(toShop('EN-0003'), bob.token)).toContain('Invoice number');
  });

  it('answers the send dialog with the subject and opening the mail will have, in the invoice’s language', async () => {
    const created = await postInvoice(
      app,
      anna.token,
      invoicePayload({ invoiceNumber: 'MAIL-DE', language: 'de', dueDate: '2025-04-13' }),
    );
    expect(created.status).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    const id = (created.body.invoice as { ID: string }).ID;
    const details = await app.get(`/invoices/${id}`, { token: anna.token });
    expect(details.status).toBe(200);
    const mail = (details.body.Collection as { Mail: { subject: string; message: string } }).Mail;
    // 2 × 950.50 + 3 × 0.10 = 1,901.30 net, 20 % VAT: 2,281.56.
    expect(mail).toEqual({
      subject: 'Rechnung MAIL-DE von Engines & Co',
      message:
        'anbei erhalten Sie die Rechnung MAIL-DE über 2.281,56\u00A0€, zahlbar bis zum 13. April 2025.',
    });
    // The customer page says it in the invoice's language too: the read model's row has no language, the stream does.
    const shared = await app.post(`/invoices/${id}/share`, {}, { token: anna.token });
    expect(shared.status).toBe(201);
    await app.applied(BigInt(String(shared.body.position)));
    const page = await app.get(`/public/invoices/${String(shared.body.url).split('/i/')[1]}`);
    expect(page.status).toBe(200);
    expect(page.body.language).toBe('de');
    // What the dialog shows is what an empty subject sends.
    const sent = await app.post(
      `/invoices/${id}/send`,
      { to: 'charles@difference.example', subject: '', message: '' },
      { token: anna.token, headers: { 'Idempotency-Key': `language-send-${kind}-0001` } },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.subject).toBe(mail.subject);
  });
});
