import { httpStores } from '@remit/eventstore/testing';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

// Issue 30 over HTTP: an invoice's language is the payload's `language`, else the owner's document language
// (`PUT /settings/language`), else English; its PDF and the step-2 preview are written in it.

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

  async function pdfText(payload: unknown): Promise<string> {
    const created = await postInvoice(app, anna.token, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    const id = (created.body.invoice as { ID: string }).ID;
    const response = await fetch(`${app.base}/api/invoices/${id}/pdf`, {
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(response.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    return text.replace(/\s+/g, ' ');
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
});
