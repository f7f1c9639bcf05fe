import { readEvent } from '@remit/contracts';
import { createEventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { setClock } from '@remit/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, tinyPng } from './testing/invoices.js';
import { startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';
import { putSettingsForm, subscribe } from './testing/profile.js';

/**
 * Issue 33: what an invoice made by a process (a quote's conversion, a recurring run) carries, as a hand-issued one
 * does: the owner's company logo, and where it came from (InvoiceIssued v5 `origin`, its History); and a quote is
 * changed in place until it is answered, then refused with why.
 */
describe.each(httpStores())('invoices made from quotes and recurring profiles on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let token: string;
  let userId: string;
  let logoId: string;
  let keys = 0;
  const clock = setClock('2027-01-15T09:00:00Z');
  const key = () => ({ 'Idempotency-Key': `origins-${kind}-${++keys}-key` });

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, { env: { SMTP_URL: mail.url }, now: clock });
    const signup = await app.post('/auth/signup', {
      name: 'Ada Lovelace',
      email: 'origins@example.com',
      password: 'Sunflower42',
    });
    expect(signup.status).toBe(201);
    const link = verificationLinkIn((await mail.nextTo('origins@example.com')).raw);
    const verified = await app.post('/auth/verify-email', {
      email: 'origins@example.com',
      token: link?.token,
    });
    token = String(verified.body.token);
    userId = String((verified.body.user as { id: string }).id);
    await subscribe(app, { token, user: { id: userId } });
    const settings = { Settings: { CompanyName: 'Engines & Co', DefaultCurrency: 'EUR' } };
    const uploaded = await putSettingsForm(app, token, settings, { bytes: tinyPng, type: 'image/png' });
    expect(uploaded.status).toBe(200);
    await app.applied(BigInt(String(uploaded.body.position)));
    const logoUrl = (uploaded.body.settings as { Settings: { LogoURL: string } }).Settings.LogoURL;
    logoId = logoUrl.split('/').at(-1) ?? '';
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  /** The InvoiceIssued of an invoice, read as every reader reads it. */
  async function issuedEvent(invoiceId: string) {
    const store = createEventStore(app.database);
    try {
      const [issued] = (await store.readStream(`invoice-${invoiceId}`)).map(readEvent);
      if (issued?.type !== 'InvoiceIssued') throw new Error(`no InvoiceIssued for ${invoiceId}`);
      return issued.data;
    } finally {
      await store.close();
    }
  }
  const historyOf = async (invoiceId: string) =>
    (await app.get(`/invoices/${invoiceId}/history`, { token })).body.events as {
      summary: string;
      origin?: unknown;
    }[];

  it('a quote is changed in place while sent, keeps its number, and is refused with why once accepted', async () => {
    const quote = {
      ...invoicePayload({ invoiceNumber: 'QE-0001', issueDate: '2027-01-15', dueDate: '2027-02-14' }),
      validUntil: '2027-01-31',
      timeZone: 'Europe/Berlin',
    };
    const made = await app.post('/quotes', quote, { token, headers: key() });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    const shared = await app.post(`/quotes/${id}/share`, {}, { token, headers: key() });
    const page = String(shared.body.url).split('/q/')[1] ?? '';
    const changed = await app.call('PUT', `/quotes/${id}`, {
      token,
      headers: key(),
      body: { ...quote, validUntil: '2027-02-28', notes: 'Two weeks of work, 50 % up front.' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, number: made.body.number, validUntil: '2027-02-28' });
    const detail = (await app.get(`/quotes/${id}`, { token })).body as {
      quote: { number: string; state: string };
      form: Record<string, unknown>;
    };
    expect(detail.quote).toMatchObject({ number: made.body.number, state: 'Sent' });
    expect(detail.form).toMatchObject({
      validUntil: '2027-02-28',
      notes: 'Two weeks of work, 50 % up front.',
    });

    expect(
      (await app.post(`/public/quotes/${page}/accept`, { name: 'Zoë Ørsted' }, { headers: key() })).status,
    ).toBe(200);
    const refused = await app.call('PUT', `/quotes/${id}`, { token, headers: key(), body: quote });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Quote ${String(made.body.number)} was accepted by Zoë Ørsted on 2027-01-15 and can no longer be changed. Convert it to an invoice, or make a new quote.`,
    );
    const gone = await app.call('DELETE', `/quotes/${id}`, { token, headers: key() });
    expect(gone.status).toBe(409);

    // Converted, the invoice names its quote and carries the owner's logo; the quote names the invoice.
    const converted = await app.post(`/quotes/${id}/invoice`, {}, { token, headers: key() });
    expect(converted.status).toBe(201);
    const invoiceId = String(converted.body.invoiceId);
    await app.applied(BigInt(String(converted.body.position)));
    const issued = await issuedEvent(invoiceId);
    expect(issued.origin).toEqual({ kind: 'quote', quoteId: id, number: made.body.number });
    expect(issued.logo?.id).toBe(logoId);
    const history = await historyOf(invoiceId);
    expect(history[0]).toMatchObject({
      summary: `Issued invoice QE-0001 from quote ${String(made.body.number)}`,
      origin: { kind: 'quote', quoteId: id, number: made.body.number },
    });
    expect((await app.get(`/quotes/${id}`, { token })).body.quote).toMatchObject({
      state: 'Invoiced',
      invoiceId,
      invoiceNumber: 'QE-0001',
    });
    const afterwards = await app.call('PUT', `/quotes/${id}`, { token, headers: key(), body: quote });
    expect(afterwards.status).toBe(409);
    expect(afterwards.body.error).toMatch(/was converted to invoice QE-0001 and can no longer be changed/);
  });

  it("a recurring run's invoice carries the owner's logo and names its profile, as a hand-issued one its upload", async () => {
    const created = await app.post(
      '/recurring',
      {
        invoice: invoicePayload({ invoiceNumber: 'TPL-1', issueDate: '2027-01-01', dueDate: '2027-01-15' }),
        frequency: 'monthly',
        startDate: '2027-01-15',
        mode: 'draft',
      },
      { token, headers: key() },
    );
    expect(created.status).toBe(201);
    const profileId = String(created.body.id);
    await app.applied(BigInt(String(created.body.position)));
    const report = await app.remit.collectionClock.tick();
    expect(report.recurring).toBe(1);
    await app.remit.caughtUp();
    const runs = (await app.get(`/recurring/${profileId}`, { token })).body.runs as { invoiceId: string }[];
    const invoiceId = runs[0]?.invoiceId ?? '';
    const issued = await issuedEvent(invoiceId);
    expect(issued.origin).toEqual({ kind: 'recurring', profileId, period: 0 });
    expect(issued.logo).toEqual({ id: logoId, contentType: 'image/png' });
    expect(issued.seller.companyName).toBe('Engines & Co');
    expect((await historyOf(invoiceId))[0]?.summary).toMatch(/^Issued invoice \S+ by a recurring invoice$/);
    const pdf = await fetch(`${app.base}/api/invoices/${invoiceId}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    // The logo is drawn: the PDF holds an image beside the template's text.
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });
});
