import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

async function eventCount(app: TestApp, streamId: string): Promise<number> {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from events where stream_id = ${streamId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe.each(httpStores())('getting paid over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  let numbered = 0;
  // The server's clock, held still so 'today' is one date through the test.
  const clock = Date.now();
  const today = new Date(clock).toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await startTestApp(kind, { now: () => new Date(clock) });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
  });
  afterAll(() => app.close());

  /** A new invoice of Ada's: 2281.56 EUR. */
  async function issue(overrides = {}): Promise<string> {
    numbered += 1;
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: `PAY-${numbered}`, ...overrides }),
    );
    expect(created.status).toBe(201);
    return String((created.body.invoice as { ID: string }).ID);
  }
  const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers });
  async function pdfText(path: string, token: string): Promise<string> {
    const response = await fetch(`${app.base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    return text;
  }
  const longDate = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

  it('records partial payments until settled; an overpayment is refused with a message', async () => {
    const id = await issue();
    const first = await app.post(
      `/invoices/${id}/payments`,
      { amount: '1000,50', date: '2025-04-01', method: 'bank_transfer', reference: 'TX-1', note: '' },
      as(ada.token),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      invoiceId: id,
      total: 228156,
      currency: 'EUR',
      amountPaid: 100050,
      balance: 128106,
      settled: false,
      voided: false,
    });
    expect(first.body.paymentId).toEqual(expect.any(String));

    const over = await app.post(`/invoices/${id}/payments`, { amount: 1281.07 }, as(ada.token));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: 'overpayment',
      error: 'The payment of €1,281.07 is more than the balance due of €1,281.06',
    });

    // 'Mark as paid': no amount is the whole balance, dated today by the server's clock.
    const rest = await app.post(`/invoices/${id}/payments`, {}, as(ada.token));
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amountPaid: 228156, balance: 0, settled: true });

    const history = await app.get(`/invoices/${id}/history`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(rest.body.position) },
    });
    expect(history.status).toBe(200);
    const summaries = (history.body.events as { type: string; summary: string }[]).map((e) => e.summary);
    expect(summaries).toEqual([
      'Issued invoice PAY-1',
      'Payment of €1,000.50 received 2025-04-01 (TX-1)',
      `Payment of €1,281.06 received ${today}`,
    ]);

    // A paid invoice is a record: no revision, no further payment.
    const revise = await app.call('PUT', `/invoices/${id}`, {
      token: ada.token,
      body: invoicePayload({ invoiceNumber: 'PAY-1', notes: 'changed' }),
    });
    expect(revise.status).toBe(409);
    expect(revise.body.code).toBe('invoice_final');
    const more = await app.post(`/invoices/${id}/payments`, { amount: 1 }, as(ada.token));
    expect(more.status).toBe(409);
  });

  it('reverses a payment: its amount is due again, and reversing twice changes nothing', async () => {
    const id = await issue();
    const paid = await app.post(`/invoices/${id}/payments`, {}, as(ada.token));
    const paymentId = String(paid.body.paymentId);
    const reverse = await app.post(
      `/invoices/${id}/payments/${paymentId}/reverse`,
      { reason: 'bounced' },
      as(ada.token),
    );
    expect(reverse.status).toBe(200);
    expect(reverse.body).toMatchObject({ amountPaid: 0, balance: 228156, settled: false, paymentId });
    const before = await eventCount(app, `invoice-${id}`);
    const again = await app.post(`/invoices/${id}/payments/${paymentId}/reverse`, {}, as(ada.token));
    expect(again.status).toBe(200);
    expect(await eventCount(app, `invoice-${id}`)).toBe(before);
    const unknown = await app.post(`/invoices/${id}/payments/nope/reverse`, {}, as(ada.token));
    expect(unknown.status).toBe(404);
  });

  it('the same Idempotency-Key records one payment, answered the same twice', async () => {
    const id = await issue();
    const headers = { 'Idempotency-Key': `pay-${id}` };
    const body = { amount: '100', date: '2025-04-01' };
    const first = await app.post(`/invoices/${id}/payments`, body, as(ada.token, headers));
    const count = await eventCount(app, `invoice-${id}`);
    const second = await app.post(`/invoices/${id}/payments`, body, as(ada.token, headers));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await eventCount(app, `invoice-${id}`)).toBe(count);
    expect(count).toBe(2);
  });

  it('voids an invoice with a reason: it takes no payments, and its number stays used', async () => {
    const id = await issue();
    const refused = await app.post(`/invoices/${id}/void`, { reason: ' ' }, as(ada.token));
    expect(refused.status).toBe(400);
    const voided = await app.post(`/invoices/${id}/void`, { reason: 'Sent by mistake' }, as(ada.token));
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ voided: true, balance: 228156 });
    const pay = await app.post(`/invoices/${id}/payments`, {}, as(ada.token));
    expect(pay.status).toBe(409);
    expect(pay.body).toMatchObject({
      code: 'invoice_void',
      error: 'This invoice is void and takes no payments',
    });
    const reuse = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: `PAY-${numbered}` }));
    expect(reuse.status).toBe(409);
    // The PDF the owner downloads says so on every page; the reason stays the owner's (History tab).
    await app.applied(BigInt(String(voided.body.position)));
    const pdf = await pdfText(`/invoices/${id}/pdf`, ada.token);
    expect(pdf).toContain('VOID');
    expect(pdf).toContain(`Voided on ${longDate(today)}`);
    expect(pdf).not.toContain('Sent by mistake');

    const paidId = await issue();
    const partPaid = await app.post(`/invoices/${paidId}/payments`, { amount: 10 }, as(ada.token));
    const voidPaid = await app.post(`/invoices/${paidId}/void`, { reason: 'oops' }, as(ada.token));
    expect(voidPaid.status).toBe(409);
    expect(voidPaid.body.code).toBe('payments_recorded');
    await app.applied(BigInt(String(partPaid.body.position)));
    expect(await pdfText(`/invoices/${paidId}/pdf`, ada.token)).not.toContain('VOID');
  });

  it('bad input is a clear 400 and writes nothing', async () => {
    const id = await issue();
    const before = await eventCount(app, `invoice-${id}`);
    for (const body of [
      { amount: 'ten' },
      { amount: -5 },
      { amount: '0' },
      { amount: '1,234' },
      { amount: '1.005' },
      { amount: 10, date: '2025-02-30' },
      { amount: 10, method: 'gold' },
      { amount: 10, note: 'x'.repeat(1001) },
    ]) {
      const answer = await app.post(`/invoices/${id}/payments`, body, as(ada.token));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    expect(await eventCount(app, `invoice-${id}`)).toBe(before);
  });

  it("reads amounts by the invoice's currency: KWD 42,125 is 42.125 on the invoice and the payment", async () => {
    const items = [{ description: 'Hosting', quantity: 2, unitPrice: '42.125' }];
    const id = await issue({ currency: 'KWD', taxRate: 0, items });
    const partly = await app.post(`/invoices/${id}/payments`, { amount: '42,125' }, as(ada.token));
    expect(partly.status).toBe(201);
    expect(partly.body).toMatchObject({ currency: 'KWD', total: 84250, amountPaid: 42125, balance: 42125 });
    const trimmed = await app.post(`/invoices/${id}/payments`, { amount: '1.1250' }, as(ada.token));
    expect(trimmed.status).toBe(400);
    expect(trimmed.body.error).toBe('The amount can have at most 3 decimals in KWD');
    const eur = await issue();
    const grouped = await app.post(`/invoices/${eur}/payments`, { amount: '90.365' }, as(ada.token));
    expect(grouped.status).toBe(400);
    expect(grouped.body.error).toMatch(/^The amount can have at most 2 decimals in EUR/);
  });

  it('a payment date lies between 1 January of the year before the issue date and tomorrow', async () => {
    const id = await issue({ issueDate: '2025-03-14', dueDate: '2025-04-13' });
    const before = await eventCount(app, `invoice-${id}`);
    const tomorrow = new Date(clock + 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(clock + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [date, message] of [
      ['1900-01-01', 'The payment date cannot be before 1 January 2024'],
      ['2023-12-31', 'The payment date cannot be before 1 January 2024'],
      ['2099-01-01', 'The payment date cannot be later than tomorrow'],
      [dayAfter, 'The payment date cannot be later than tomorrow'],
    ]) {
      const answer = await app.post(`/invoices/${id}/payments`, { amount: 1, date }, as(ada.token));
      expect(answer.status, date).toBe(400);
      expect(answer.body.error).toBe(message);
    }
    expect(await eventCount(app, `invoice-${id}`)).toBe(before);
    for (const date of ['2024-01-01', tomorrow]) {
      const answer = await app.post(`/invoices/${id}/payments`, { amount: 1, date }, as(ada.token));
      expect(answer.status, date).toBe(201);
    }
  });

  it('bidi controls are taken out of free text before any rule reads it: the reference and note of a payment', async () => {
    const id = await issue();
    const rlo = '\u202E';
    const paid = await app.post(
      `/invoices/${id}/payments`,
      { amount: 1, reference: `TX${rlo}1-\u2066A\u2069`, note: `paid\u200F in ${rlo}cash\u061C` },
      as(ada.token),
    );
    expect(paid.status).toBe(201);
    const details = await app.get(
      `/invoices/${id}`,
      as(ada.token, { 'X-Remit-Position': String(paid.body.position) }),
    );
    const [payment] = (details.body.Collection as { Payments: { reference: string; note: string }[] })
      .Payments;
    expect(payment).toMatchObject({ reference: 'TX1-A', note: 'paid in cash' });
  });

  it("another user's invoice is 404 for every command, and nothing is written", async () => {
    const id = await issue();
    const paid = await app.post(`/invoices/${id}/payments`, { amount: 1 }, as(ada.token));
    const before = await eventCount(app, `invoice-${id}`);
    const attempts = [
      app.post(`/invoices/${id}/payments`, {}, as(bob.token)),
      app.post(`/invoices/${id}/payments/${String(paid.body.paymentId)}/reverse`, {}, as(bob.token)),
      app.post(`/invoices/${id}/void`, { reason: 'mine now' }, as(bob.token)),
      app.post('/invoices/00000000-0000-0000-0000-000000000000/payments', {}, as(ada.token)),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('Invoice not found');
    }
    expect(await eventCount(app, `invoice-${id}`)).toBe(before);
    expect((await app.post(`/invoices/${id}/payments`, {})).status).toBe(401);
  });
});
