import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpStores } from '@remit/eventstore/testing';
import { setClock } from '@remit/kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher } from './testing/mail-catcher.js';
import { signedInThroughMail } from './testing/users.js';

/** The text of a PDF, as pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
  try {
    writeFileSync(join(dir, 'q.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(dir, 'q.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Quotes over HTTP (issue 33): numbers, the customer's answer once, expiry in the owner's day, converted once. */
describe.each(httpStores())('quotes over HTTP on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let ada: string;
  let bob: string;
  let keys = 0;
  // 10:00 UTC on 1 March 2026; the quotes below are valid until the 15th in Berlin.
  const clock = setClock('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, { env: { SMTP_URL: mail.url }, now: clock });
    ada = await signedInThroughMail(app, mail, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInThroughMail(app, mail, 'bob@example.com', 'Bob Stone');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  /** Moves the clock; sessions last a week, so both owners sign in again on the new day. */
  async function moveTo(at: string) {
    clock.set(at);
    const signIn = async (email: string) =>
      String((await app.post('/auth/login', { email, password: 'Sunflower42' })).body.token);
    ada = await signIn('ada@example.com');
    bob = await signIn('bob@example.com');
  }
  const key = () => ({ 'Idempotency-Key': `quote-test-${kind}-${++keys}-key` });
  const payload = (overrides: Record<string, unknown> = {}) => ({
    ...invoicePayload({ issueDate: '2026-03-01', dueDate: '2026-03-31', invoiceNumber: 'INV-0100' }),
    validUntil: '2026-03-15',
    timeZone: 'Europe/Berlin',
    ...overrides,
  });
  async function create(token = ada, overrides: Record<string, unknown> = {}) {
    const made = await app.post('/quotes', payload(overrides), { token, headers: key() });
    expect(made.status).toBe(201);
    await app.applied(BigInt(String(made.body.position)));
    return { id: String(made.body.id), number: String(made.body.number) };
  }
  async function share(id: string, token = ada) {
    const shared = await app.post(`/quotes/${id}/share`, {}, { token, headers: key() });
    expect(shared.status).toBe(201);
    await app.applied(BigInt(String(shared.body.position)));
    const url = String(shared.body.url);
    expect(url).toMatch(/^http:\/\/remit\.test\/q\/[A-Za-z0-9_-]{43}$/);
    return url.split('/q/')[1] as string;
  }
  const answer = (token: string, verb: 'accept' | 'decline', body: unknown, headers = key()) =>
    app.post(`/public/quotes/${token}/${verb}`, body, { headers });

  it('numbers quotes QUO-0001, QUO-0002 … per user, and lists them as drafts', async () => {
    await moveTo('2026-03-01T10:00:00Z');
    const first = await create();
    const second = await create();
    const bobs = await create(bob);
    expect([first.number, second.number, bobs.number]).toEqual(['QUO-0001', 'QUO-0002', 'QUO-0001']);
    const list = await app.get('/quotes?state=Draft', { token: ada });
    expect(list.status).toBe(200);
    expect((list.body.quotes as { number: string; state: string }[]).map((quote) => quote.number)).toEqual([
      'QUO-0002',
      'QUO-0001',
    ]);
    const detail = await app.get(`/quotes/${first.id}`, { token: ada });
    expect(detail.body).toMatchObject({
      quote: { number: 'QUO-0001', state: 'Draft', validUntil: '2026-03-15', total: 228156, currency: 'EUR' },
      form: { invoiceNumber: 'INV-0100', validUntil: '2026-03-15', timeZone: 'Europe/Berlin' },
    });
  });

  it('prints its PDF as a quote, valid until its day', async () => {
    const { id } = await create();
    const response = await fetch(`${app.base}/api/quotes/${id}/pdf`, {
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(response.status).toBe(200);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toMatch(/Quote/);
    expect(text).toMatch(/Valid until/);
    expect(text).toMatch(/15 March 2026/);
    expect(text).not.toMatch(/Due date/);
  });

  it('refuses bad input with the messages, and another user’s quote is 404 everywhere', async () => {
    const bad = await app.post('/quotes', payload({ validUntil: '', customerName: '' }), { token: ada });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      validUntil: 'Valid until is required',
      customerName: 'Customer name is required',
    });
    const early = await app.post('/quotes', payload({ validUntil: '2026-02-01' }), { token: ada });
    expect(early.status).toBe(400);
    expect(early.body.fields).toMatchObject({ validUntil: 'Valid until cannot be before the issue date' });
    const { id } = await create();
    const asBob = { token: bob, headers: key() };
    expect((await app.get(`/quotes/${id}`, { token: bob })).status).toBe(404);
    expect((await app.get(`/quotes/${id}/pdf`, { token: bob })).status).toBe(404);
    expect((await app.call('PUT', `/quotes/${id}`, { ...asBob, body: payload() })).status).toBe(404);
    expect((await app.call('DELETE', `/quotes/${id}`, asBob)).status).toBe(404);
    expect((await app.post(`/quotes/${id}/send`, {}, asBob)).status).toBe(404);
    expect((await app.post(`/quotes/${id}/share`, {}, asBob)).status).toBe(404);
    expect((await app.post(`/quotes/${id}/invoice`, {}, asBob)).status).toBe(404);
    expect((await app.get('/quotes/not-a-uuid', { token: ada })).status).toBe(404);
    const list = await app.get('/quotes', { token: bob });
    expect((list.body.quotes as { id: string }[]).some((quote) => quote.id === id)).toBe(false);
  });

  it('is sent with its PDF and page link; accepted once on its page, the owner mailed; not accepted twice', async () => {
    await moveTo('2026-03-02T10:00:00Z');
    const { id, number } = await create();
    const before = mail.messages.length;
    const sent = await app.post(`/quotes/${id}/send`, {}, { token: ada, headers: key() });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      to: ['charles@difference.example'],
      subject: `Quote ${number} from Engines & Co`,
    });
    await app.applied(BigInt(String(sent.body.position)));
    const raw = decodeQuotedPrintable((await mail.nextTo('charles@difference.example', before)).raw);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Quote_QUO-\d{4}_2026-03-01\.pdf/);
    const token = raw.match(/online: \S+\/q\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    expect(token).toHaveLength(43);

    const page = await app.get(`/public/quotes/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      number,
      state: 'Sent',
      validUntil: '2026-03-15',
      total: 228156,
      answer: null,
      language: 'en',
    });
    expect(JSON.stringify(page.body)).not.toContain('userId');

    const ownerMails = mail.messages.length;
    const accepted = await answer(token, 'accept', { name: 'Charles Babbage', note: 'Go ahead.' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      state: 'Accepted',
      answer: { name: 'Charles Babbage', note: 'Go ahead.' },
    });
    const ownerMail = decodeQuotedPrintable((await mail.nextTo('ada@example.com', ownerMails)).raw);
    expect(ownerMail).toContain(`Subject: Quote ${number} was accepted by Charles Babbage`);
    expect(ownerMail).toContain('Their note: Go ahead.');
    // The customer who accepted gets the seller's confirmation (in the quote's language: English here).
    const confirmation = decodeQuotedPrintable(
      (await mail.nextTo('charles@difference.example', ownerMails)).raw,
    );
    expect(confirmation).toContain(`Subject: Quote ${number} accepted`);
    expect(confirmation).toContain(`Thank you for accepting quote ${number} for €2,281.56.`);

    const twice = await answer(token, 'accept', { name: 'Charles Babbage' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This quote was already accepted by Charles Babbage on 2026-03-02');
    await app.applied(BigInt(String(accepted.body.position)));
    const listed = await app.get('/quotes?state=Accepted', { token: ada });
    expect((listed.body.quotes as { id: string }[]).map((quote) => quote.id)).toContain(id);
    const history = (await app.get(`/quotes/${id}`, { token: ada })).body.history as { text: string }[];
    expect(history.map((entry) => entry.text)).toEqual([
      `Quote ${number} created, valid until 15 March 2026`,
      'Sent to charles@difference.example',
      'Accepted by Charles Babbage: “Go ahead.”',
    ]);
  });

  it('answers a German quote’s page in German: the language from its stream, refusals by code', async () => {
    await moveTo('2026-03-02T10:00:00Z');
    const { id } = await create(ada, { language: 'de' });
    const token = await share(id);
    const page = await app.get(`/public/quotes/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ state: 'Sent', language: 'de' });
    const pdf = await fetch(`${app.base}/api/public/quotes/${token}/pdf`);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toMatch(/Angebot.*\n[\s\S]*Gültig bis/i);
    expect((await answer(token, 'decline', { name: 'Jürgen Groß' })).status).toBe(200);
    // The page says a refusal in the quote's language by its code (the message is English).
    const again = await answer(token, 'accept', { name: 'Jürgen Groß' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('quote_declined');
    expect((await app.get(`/public/quotes/${token}`)).body).toMatchObject({
      state: 'Declined',
      language: 'de',
      answer: { accepted: false, name: 'Jürgen Groß' },
    });
  });

  it('declined, then accepted: the second answer is refused', async () => {
    const { id } = await create();
    const token = await share(id);
    expect((await answer(token, 'decline', { name: 'Charles' })).status).toBe(200);
    const late = await answer(token, 'accept', { name: 'Charles' });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/^This quote was declined on/);
    expect((await app.post(`/quotes/${id}/invoice`, {}, { token: ada, headers: key() })).status).toBe(409);
  });

  it('expires once its day has passed in the owner’s time zone: listed as Expired, not accepted', async () => {
    await moveTo('2026-03-05T10:00:00Z');
    const { id } = await create();
    const token = await share(id);
    // The scheduler's quote-expiry job: 22:30 UTC is still the 15th in Berlin, so nothing is recorded yet.
    const expiries = async () =>
      (
        (await app.database.db.execute(
          sql`select count(*)::int as n from events where stream_id = ${`quote-${id}`} and type = 'QuoteExpired'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    await moveTo('2026-03-15T22:30:00Z');
    await app.remit.collectionClock.tick();
    expect(await expiries()).toBe(0);
    // 23:30 UTC on the 15th is 00:30 on the 16th in Berlin: the owner's day is past valid-until.
    await moveTo('2026-03-15T23:30:00Z');
    const mailsBefore = mail.messages.length;
    await app.remit.collectionClock.tick();
    await app.remit.collectionClock.tick();
    expect(await expiries()).toBe(1);
    const told = mail.messages
      .slice(mailsBefore)
      .filter(
        (message) => message.to.includes('ada@example.com') && /expired without an answer/.test(message.raw),
      );
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(new Set(told.map((message) => message.raw.match(/^Subject: (.*)$/m)?.[1])).size).toBe(told.length);
    const expired = await app.get('/quotes?state=Expired', { token: ada });
    expect(
      (expired.body.quotes as { id: string; state: string }[]).find((quote) => quote.id === id)?.state,
    ).toBe('Expired');
    const sentNow = await app.get('/quotes?state=Sent', { token: ada });
    expect((sentNow.body.quotes as { id: string }[]).some((quote) => quote.id === id)).toBe(false);
    expect((await app.get(`/public/quotes/${token}`)).body.state).toBe('Expired');
    const late = await answer(token, 'accept', { name: 'Charles' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'This quote expired: it was valid until 2026-03-15' });
    // The owner extends it: sent again, it may be accepted.
    const revised = await app.call('PUT', `/quotes/${id}`, {
      token: ada,
      headers: key(),
      body: payload({ validUntil: '2026-03-31' }),
    });
    expect(revised.status).toBe(200);
    expect((await answer(token, 'accept', { name: 'Charles' })).status).toBe(200);
  });

  it('converts to an invoice with its lines once: the same key answers the first time, another is 409', async () => {
    await moveTo('2026-03-20T10:00:00Z');
    const { id } = await create(ada, { invoiceNumber: 'QC-0001', validUntil: '2026-03-31' });
    const token = await share(id);
    expect((await answer(token, 'accept', { name: '山田 太郎' })).status).toBe(200);
    const headers = key();
    const first = await app.post(`/quotes/${id}/invoice`, {}, { token: ada, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ quoteId: id, invoiceNumber: 'QC-0001' });
    const again = await app.post(`/quotes/${id}/invoice`, {}, { token: ada, headers });
    expect(again.status).toBe(201);
    expect(again.body.invoiceId).toBe(first.body.invoiceId);
    const other = await app.post(`/quotes/${id}/invoice`, {}, { token: ada, headers: key() });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('This quote was already converted to invoice QC-0001');

    await app.applied(BigInt(String(first.body.position)));
    const invoice = await app.get(`/invoices/${String(first.body.invoiceId)}`, { token: ada });
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({
      InvoiceNumber: 'QC-0001',
      IssueDate: '2026-03-20',
      DueDate: '2026-04-19',
      Amount: 228156,
    });
    const detail = await app.get(`/quotes/${id}`, { token: ada });
    expect(detail.body.quote).toMatchObject({ state: 'Invoiced', invoiceNumber: 'QC-0001' });
    const count = await app.database.db.execute(
      sql`select count(*)::int as n from events where type = 'InvoiceIssued' and data::text like ${'%"QC-0001"%'}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('takes hostile answers safely: bidi controls dropped, a long note refused, a wrong link 404', async () => {
    await moveTo('2026-03-03T10:00:00Z');
    const { id } = await create();
    const token = await share(id);
    const long = await answer(token, 'accept', { name: 'Eve', note: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    const tooLong = await answer(token, 'accept', { name: 'Eve', note: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toMatchObject({ note: 'The note can have at most 1000 characters' });
    expect((await answer(token, 'accept', { name: '\u202E\u2066' })).status).toBe(400);
    expect((await answer('A'.repeat(43), 'accept', { name: 'Eve' })).status).toBe(404);
    expect((await app.get(`/public/quotes/${'A'.repeat(43)}`)).status).toBe(404);
    const accepted = await answer(token, 'accept', {
      name: 'Zoë \u202Egnp.exe\u202C Ölund',
      note: '<script>x</script>',
    });
    expect(accepted.status).toBe(200);
    const page = await app.get(`/public/quotes/${token}`);
    expect(page.body.answer).toMatchObject({ name: 'Zoë gnp.exe Ölund', note: '<script>x</script>' });
  });
});
