import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';
import { subscribe } from './testing/profile.js';

describe.each(httpStores())('sending an invoice by e-mail, at a real SMTP server, on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let ada: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };

  /** Signs up and verifies through the link mailed to the catcher. */
  async function signedInUser(email: string, name: string) {
    const before = mail.messages.length;
    expect((await app.post('/auth/signup', { name, email, password: 'Sunflower42' })).status).toBe(201);
    const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
    const verified = await app.post('/auth/verify-email', { email, token: link?.token });
    return { token: String(verified.body.token), user: verified.body.user as { id: string } };
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, { env: { SMTP_URL: mail.url } });
    ada = await signedInUser('ada@example.com', 'Ada Lovelace');
    bob = await signedInUser('bob@example.com', 'Bob Stone');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  async function issue(token: string, number: string, customerEmail = 'charles@difference.example') {
    const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number, customerEmail }));
    expect(created.status).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    return String((created.body.invoice as { ID: string }).ID);
  }
  const mailsTo = (address: string) => mail.messages.filter((message) => message.to.includes(address));

  it('sends once per Idempotency-Key: HTML and text, the PDF attached, defaults from the invoice', async () => {
    const id = await issue(ada.token, 'SEND-1');
    const headers = { 'Idempotency-Key': `send-${id}` };
    const first = await app.post(`/invoices/${id}/send`, {}, { token: ada.token, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      to: ['charles@difference.example'],
      cc: [],
      subject: 'Invoice SEND-1 from Engines & Co',
    });
    const again = await app.post(`/invoices/${id}/send`, {}, { token: ada.token, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    const sent = mailsTo('charles@difference.example');
    expect(sent).toHaveLength(1);
    const raw = sent[0]?.raw ?? '';
    expect(raw).toMatch(/^Subject: Invoice SEND-1 from Engines & Co/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Invoice_SEND-1_2025-03-14\.pdf/);
    expect(raw).toContain(`Message-ID: <invoice-send-${String(first.body.sendId)}@remit.test>`);
    const pdfPart = raw.split('Content-Type: application/pdf')[1] ?? '';
    const base64 = (pdfPart.split(/\r?\n\r?\n/)[1] ?? '').replace(/\s+/g, '');
    expect(Buffer.from(base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeQuotedPrintable(raw)).toMatch(/Amount due: .*2,281\.56/);
    // The mail links the customer page the send made; that link opens the invoice without sign-in.
    const pageUrl = decodeQuotedPrintable(raw).match(/online: (\S+\/i\/[A-Za-z0-9_-]{43})/)?.[1] ?? '';
    expect(pageUrl).not.toBe('');
    await app.applied(BigInt(String(first.body.position)));
    const page = await app.get(`/public/invoices/${pageUrl.split('/i/')[1]}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ number: 'SEND-1' });

    const history = await app.get(`/invoices/${id}/history`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(first.body.position) },
    });
    expect((history.body.events as { summary: string }[]).map((event) => event.summary)).toContain(
      'Sent to charles@difference.example: Invoice SEND-1 from Engines & Co',
    );
  });

  it('sends to whom the owner says, with cc, their subject and message; refuses bad addresses', async () => {
    const id = await issue(ada.token, 'SEND-2');
    const bad = await app.post(`/invoices/${id}/send`, { to: 'not-an-address' }, { token: ada.token });
    expect(bad.status).toBe(400);
    const sent = await app.post(
      `/invoices/${id}/send`,
      { to: 'pay@difference.example', cc: 'ada@example.com', subject: 'March', message: 'Thanks again!' },
      { token: ada.token },
    );
    expect(sent.status).toBe(201);
    const message = await mail.nextTo('pay@difference.example');
    expect(message.to).toEqual(['pay@difference.example', 'ada@example.com']);
    expect(message.raw).toMatch(/^Subject: March/m);
    expect(decodeQuotedPrintable(message.raw)).toContain('Thanks again!');
  });

  it("another user's invoice is 404, a locked one 402, a void one 409; none is mailed", async () => {
    const id = await issue(ada.token, 'SEND-3', 'nobody@difference.example');
    const before = mail.messages.length;
    expect((await app.post(`/invoices/${id}/send`, {}, { token: bob.token })).status).toBe(404);
    // Bob has no subscription: his newest invoice is open, the older one locked (spec paywall).
    const older = await issue(bob.token, 'B-1', 'nobody@difference.example');
    await issue(bob.token, 'B-2', 'other@difference.example');
    const locked = await app.post(`/invoices/${older}/send`, {}, { token: bob.token });
    expect(locked.status).toBe(402);
    const voided = await app.post(`/invoices/${id}/void`, { reason: 'mistake' }, { token: ada.token });
    await app.applied(BigInt(String(voided.body.position)));
    const refused = await app.post(`/invoices/${id}/send`, {}, { token: ada.token });
    expect(refused.status).toBe(409);
    expect(mail.messages.length).toBe(before);
    await subscribe(app, bob);
    expect((await app.post(`/invoices/${older}/send`, {}, { token: bob.token })).status).toBe(201);
    expect(mailsTo('nobody@difference.example')).toHaveLength(1);
  });
});
