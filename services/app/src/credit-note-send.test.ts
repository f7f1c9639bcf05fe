import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';

/** Issue 27 item 5: a credit note is sent like an invoice, with its PDF, to a real SMTP server. */
describe('sending a credit note by e-mail', () => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let ada: { token: string };
  let bob: { token: string };

  async function signedInUser(email: string, name: string) {
    const before = mail.messages.length;
    expect((await app.post('/auth/signup', { name, email, password: 'Sunflower42' })).status).toBe(201);
    const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
    const verified = await app.post('/auth/verify-email', { email, token: link?.token });
    return { token: String(verified.body.token) };
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp('pglite', { env: { SMTP_URL: mail.url } });
    ada = await signedInUser('ada@example.com', 'Ada Lovelace');
    bob = await signedInUser('bob@example.com', 'Bob Stone');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  it('sends once per key with the PDF; says what it corrects and that nothing is to be paid; others get 404', async () => {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({
        invoiceNumber: 'SND-7',
        customerName: 'Zoë Ångström',
        customerEmail: 'zoe@kunde.example',
      }),
    );
    const invoiceId = String((created.body.invoice as { ID: string }).ID);
    const credited = await app.post(
      `/invoices/${invoiceId}/credit-notes`,
      {
        reason: 'Two punch cards were not delivered',
        lines: [{ line: 2, quantity: '2', unitPrice: '0.10' }],
      },
      { token: ada.token },
    );
    expect(credited.status).toBe(201);
    const id = String(credited.body.id);

    const headers = { 'Idempotency-Key': `send-credit-${id}` };
    const first = await app.post(`/credit-notes/${id}/send`, {}, { token: ada.token, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      to: ['zoe@kunde.example'],
      cc: [],
      subject: 'Credit note CN-0001 from Engines & Co',
    });
    const again = await app.post(`/credit-notes/${id}/send`, {}, { token: ada.token, headers });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const sent = mail.messages.filter((message) => message.to.includes('zoe@kunde.example'));
    expect(sent).toHaveLength(1);
    const raw = sent[0]?.raw ?? '';
    expect(raw).toMatch(/^Subject: Credit note CN-0001 from Engines & Co/m);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Credit-note_CN-0001_\d{4}-\d{2}-\d{2}\.pdf/);
    expect(raw.replace(/\r?\n\s+/g, ' ')).toContain(
      `Message-ID: <credit-note-send-${String(first.body.sendId)}@remit.test>`,
    );
    const text = decodeQuotedPrintable(raw);
    expect(text).toContain('Hello Zoë Ångström,');
    expect(text).toContain('which corrects invoice SND-7 of 14 March 2025');
    expect(text).toMatch(/Amount credited: .*0\.24/);
    expect(text).toContain('Nothing is to be paid for a credit note.');
    const pdfPart = raw.split('Content-Type: application/pdf')[1] ?? '';
    const base64 = (pdfPart.split(/\r?\n\r?\n/)[1] ?? '').replace(/\s+/g, '');
    expect(Buffer.from(base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // To whom the owner says, with their message; a bad address is 400; another user's credit note is 404.
    const custom = await app.post(
      `/credit-notes/${id}/send`,
      { to: 'accounts@kunde.example', message: 'Guten Tag, anbei die Gutschrift.' },
      { token: ada.token },
    );
    expect(custom.status).toBe(201);
    const message = await mail.nextTo('accounts@kunde.example');
    expect(decodeQuotedPrintable(message.raw)).toContain('Guten Tag, anbei die Gutschrift.');
    expect(decodeQuotedPrintable(message.raw)).not.toContain('Hello Zoë');
    expect((await app.post(`/credit-notes/${id}/send`, { to: 'nope' }, { token: ada.token })).status).toBe(
      400,
    );
    expect((await app.post(`/credit-notes/${id}/send`, {}, { token: bob.token })).status).toBe(404);
    expect((await app.post('/credit-notes/../send', {}, { token: ada.token })).status).toBe(404);
    expect((await app.post(`/credit-notes/${'x'.repeat(36)}/send`, {}, { token: ada.token })).status).toBe(
      404,
    );
  });

  it("the invoice's customer page lists its credit notes, and each downloads there; no other credit note does", async () => {
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'SHR-1' }));
    const invoiceId = String((created.body.invoice as { ID: string }).ID);
    const credited = await app.post(
      `/invoices/${invoiceId}/credit-notes`,
      { reason: 'Rabatt vereinbart', lines: [{ line: 1, quantity: '1', unitPrice: '100.00' }] },
      { token: ada.token },
    );
    const shared = await app.post(`/invoices/${invoiceId}/share`, {}, { token: ada.token });
    expect(shared.status).toBe(201);
    const token = String(shared.body.url).split('/i/')[1] ?? '';
    await app.applied(BigInt(String(shared.body.position)));
    const page = await app.get(`/public/invoices/${token}`);
    expect(page.body.creditNotes).toEqual([
      {
        id: credited.body.id,
        number: credited.body.number,
        issueDate: expect.any(String),
        total: 12000,
        reason: 'Rabatt vereinbart',
        full: false,
      },
    ]);
    const pdf = await fetch(
      `${app.base}/api/public/invoices/${token}/credit-notes/${String(credited.body.id)}/pdf`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // A credit note of another invoice, or none at all, is not there.
    const other = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'SHR-2' }));
    const otherId = String((other.body.invoice as { ID: string }).ID);
    const otherNote = await app.post(
      `/invoices/${otherId}/credit-notes`,
      { reason: 'x' },
      { token: ada.token },
    );
    for (const id of [String(otherNote.body.id), 'not-a-credit-note']) {
      const refused = await fetch(`${app.base}/api/public/invoices/${token}/credit-notes/${id}/pdf`);
      expect(refused.status).toBe(404);
    }
  });

  it("speaks the credit note's language: a German invoice's credit note is mailed in German", async () => {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'DE-1', customerEmail: 'kunde@beispiel.de', language: 'de' } as never),
    );
    const invoiceId = String((created.body.invoice as { ID: string }).ID);
    const credited = await app.post(
      `/invoices/${invoiceId}/credit-notes`,
      { reason: 'Storno' },
      { token: ada.token },
    );
    expect(credited.status).toBe(201);
    // The send dialog shows what an empty send says, in German (D-341).
    const detail = await app.get(`/credit-notes/${String(credited.body.id)}`, { token: ada.token });
    expect(detail.status).toBe(200);
    const defaults = detail.body.mail as { subject: string; message: string };
    expect(defaults.message).toMatch(
      /^anbei erhalten Sie die Rechnungskorrektur .* zur Rechnung DE-1 vom 14\. März 2025\.$/,
    );
    const sent = await app.post(`/credit-notes/${String(credited.body.id)}/send`, {}, { token: ada.token });
    expect(sent.body.subject).toBe(`Rechnungskorrektur ${String(credited.body.number)} von Engines & Co`);
    expect(sent.body.subject).toBe(defaults.subject);
    const text = decodeQuotedPrintable((await mail.nextTo('kunde@beispiel.de')).raw);
    expect(text).toContain(defaults.message);
    expect(text).toContain('Guten Tag Charles Babbage,');
    expect(text).toContain('zur Rechnung DE-1 vom 14. März 2025.');
    expect(text).toContain('Für diese Rechnungskorrektur ist keine Zahlung zu leisten.');
    expect(text).toContain('lang="de"');
    expect(text).not.toContain('Nothing is to be paid');
  });
});
