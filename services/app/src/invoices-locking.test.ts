import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

type Listed = {
  invoices: { ID: string; InvoiceNumber: string; locked: boolean; CustomerName: string }[];
  pagination: {
    total: number;
    total_pages: number;
    page: number;
    next_cursor: string | null;
    previous_cursor: string | null;
  };
};

const customers = ['Charles Babbage', 'Mary Somerville', 'Michael Faraday', 'Caroline Herschel'];

describe.each(httpStores())('invoice list, search, locking and PDFs over HTTP on %s', (kind) => {
  let app: TestApp;
  let store: EventStore;
  const users: Record<
    'free' | 'buyer' | 'subscriber',
    { token: string; user: { id: string }; ids: string[] }
  > = {} as never;

  /** The status of a GET that may answer a PDF or HTML rather than JSON. */
  async function statusOf(path: string, token: string): Promise<number> {
    const response = await fetch(`${app.base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  }

  async function issueMany(token: string, prefix: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 1; index <= count; index++) {
      const customerName = customers[index % customers.length] ?? 'Ada Lovelace';
      const created = await postInvoice(
        app,
        token,
        invoicePayload({
          invoiceNumber: `${prefix}-${String(index).padStart(4, '0')}`,
          customerName,
          customerEmail: `${customerName.split(' ')[0]?.toLowerCase()}@example.com`,
        }),
      );
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      ids.push((created.body.invoice as { ID: string }).ID);
    }
    return ids;
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    store = createEventStore(app.database);
    for (const name of ['free', 'buyer', 'subscriber'] as const) {
      const signed = await signedInUser(app, `${name}@example.com`, 'Ada Lovelace');
      users[name] = { ...signed, ids: [] };
    }
    users.subscriber.ids = await issueMany(users.subscriber.token, 'SUB', 40);
    users.free.ids = await issueMany(users.free.token, 'FREE', 3);
    users.buyer.ids = await issueMany(users.buyer.token, 'BUY', 3);
    // Billing is not built yet: its facts go straight into the store.
    const subscribed = await store.append(
      `subscription-${users.subscriber.user.id}`,
      [
        {
          type: 'SubscriptionActivated',
          data: {
            userId: users.subscriber.user.id,
            planName: 'Pro',
            billingCycle: 'monthly',
            status: 'active',
            currentPeriodEnd: '2099-01-01T00:00:00.000Z',
          },
        },
      ],
      { expectedVersion: 'any' },
    );
    const bought = await store.append(
      `subscription-${users.buyer.user.id}`,
      [{ type: 'InvoicePurchased', data: { userId: users.buyer.user.id, invoiceId: users.buyer.ids[0] } }],
      { expectedVersion: 'any' },
    );
    // Another store instance wrote these: wait until every read model has applied them.
    const last = bought.position > subscribed.position ? bought.position : subscribed.position;
    await app.get('/check-subscription', {
      token: users.subscriber.token,
      headers: { 'X-Remit-Position': last.toString() },
    });
    await app.remit.caughtUp();
  }, 240_000);
  afterAll(async () => {
    await store.close();
    await app.close();
  });

  it('pages a subscriber through 40 invoices, newest first', async () => {
    const page1 = (await app.get('/invoices?page=1&limit=15', { token: users.subscriber.token }))
      .body as unknown as Listed;
    // Spec §7's fields, then the keyset cursors added beside them (the last page has no next one).
    expect(page1.pagination).toMatchObject({
      page: 1,
      limit: 15,
      total: 40,
      total_pages: 3,
      total_capped: false,
    });
    expect(page1.pagination.previous_cursor).toBeNull();
    expect(page1.pagination.next_cursor).toEqual(expect.any(String));
    expect(page1.invoices[0]?.InvoiceNumber).toBe('SUB-0040');
    expect(page1.invoices.every((invoice) => !invoice.locked)).toBe(true);
    const page3 = (await app.get('/invoices?page=3&limit=15', { token: users.subscriber.token }))
      .body as unknown as Listed;
    expect(page3.invoices.map((invoice) => invoice.InvoiceNumber)).toEqual(
      Array.from({ length: 10 }, (_, index) => `SUB-${String(10 - index).padStart(4, '0')}`),
    );
    expect(page3.pagination.next_cursor).toBeNull();
    const capped = (await app.get('/invoices?limit=1000', { token: users.subscriber.token }))
      .body as unknown as Listed;
    expect(capped.invoices).toHaveLength(40);
  });

  it('searches number, customer name, e-mail and company', async () => {
    const byCustomer = (await app.get('/invoices?search=faraday', { token: users.subscriber.token }))
      .body as unknown as Listed;
    expect(byCustomer.pagination.total).toBe(10);
    expect(byCustomer.invoices.every((invoice) => invoice.CustomerName === 'Michael Faraday')).toBe(true);
    const byNumber = (await app.get('/invoices?search=sub-0033', { token: users.subscriber.token }))
      .body as unknown as Listed;
    expect(byNumber.invoices.map((invoice) => invoice.InvoiceNumber)).toEqual(['SUB-0033']);
    const byEmail = (await app.get('/invoices?search=mary@', { token: users.subscriber.token }))
      .body as unknown as Listed;
    expect(byEmail.pagination.total).toBe(10);
    const noWildcards = (await app.get('/invoices?search=%25', { token: users.subscriber.token }))
      .body as unknown as Listed;
    expect(noWildcards.pagination.total).toBe(0);
  });

  it('locks all but the newest invoice for a free user; search and later pages need a subscription', async () => {
    const { token, ids } = users.free;
    const list = (await app.get('/invoices', { token })).body as unknown as Listed;
    expect(list.invoices.map((invoice) => [invoice.InvoiceNumber, invoice.locked])).toEqual([
      ['FREE-0003', false],
      ['FREE-0002', true],
      ['FREE-0001', true],
    ]);
    const [first, second, third] = [ids[0], ids[1], ids[2]];
    expect((await app.get(`/invoices/${third}`, { token })).status).toBe(200);
    expect(await statusOf(`/invoices/${third}/pdf`, token)).toBe(200);
    for (const id of [first, second]) {
      expect((await app.get(`/invoices/${id}`, { token })).status).toBe(402);
      expect((await app.get(`/invoices/${id}/pdf`, { token })).status).toBe(402);
      expect((await app.get(`/invoices/${id}/preview`, { token })).status).toBe(402);
      expect((await app.post('/generate-pdf', { invoiceId: id }, { token })).status).toBe(402);
    }
    const page2 = await app.get('/invoices?page=2', { token });
    expect(page2.status).toBe(402);
    expect(page2.body.code).toBe('subscription_required');
    expect((await app.get('/invoices?search=free', { token })).status).toBe(402);
  });

  it('opens an invoice bought one-time, and the newest, for a non-subscriber', async () => {
    const { token, ids } = users.buyer;
    const list = (await app.get('/invoices', { token })).body as unknown as Listed;
    expect(list.invoices.map((invoice) => [invoice.InvoiceNumber, invoice.locked])).toEqual([
      ['BUY-0003', false],
      ['BUY-0002', true],
      ['BUY-0001', false],
    ]);
    const bought = await app.get(`/invoices/${ids[0]}`, { token });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ Status: 'paid', is_paid: true });
    expect((await app.get(`/invoices/${ids[1]}`, { token })).status).toBe(402);
  });

  it('opens every invoice for a subscriber', async () => {
    const { token, ids } = users.subscriber;
    for (const id of [ids[0], ids[20], ids[39]]) {
      expect((await app.get(`/invoices/${id}`, { token })).status).toBe(200);
    }
  });

  it('downloads PDFs with the right names and text', async () => {
    const { token, ids } = users.subscriber;
    const id = ids[4] ?? '';
    const response = await fetch(`${app.base}/api/invoices/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${id}.pdf"`);
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    expect(text).toContain('SUB-0005');
    expect(text).toContain('Difference Works');
    expect(text.replace(/\s/g, '')).toContain('2,281.56');

    const generated = await fetch(`${app.base}/api/generate-pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ invoiceId: id }),
    });
    expect(generated.headers.get('content-disposition')).toBe(
      'attachment; filename="Invoice_SUB-0005_2025-03-14.pdf"',
    );
    const html = await fetch(`${app.base}/api/invoices/${id}/preview`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(html.headers.get('content-type')).toContain('text/html');
  });

  it('summarises and lists recent invoices', async () => {
    const summary = await app.get('/invoices/summary', { token: users.subscriber.token });
    expect(summary.body.summary).toMatchObject({
      totalInvoices: 40,
      amounts: [{ currency: 'EUR', total: 40 * 228156 }],
    });
    const recent = await app.get('/invoices/recent', { token: users.subscriber.token });
    expect((recent.body.invoices as unknown[]).length).toBe(5);
  });

  it('rebuilds every read model from the log equal to the live one', async () => {
    const { token, ids } = users.free;
    await app.call('PUT', `/invoices/${ids[2]}`, {
      token,
      body: invoicePayload({ invoiceNumber: 'FREE-0099' }),
    });
    await app.call('DELETE', `/invoices/${ids[1]}`, { token });
    await app.call('PUT', '/settings', {
      token,
      body: { DefaultDueDays: 14, Settings: { DefaultCurrency: 'JPY' } },
    });
    await app.remit.caughtUp();
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.map((report) => [report.projection, report.differences])).toEqual(
      projections.map((projection) => [projection.name, []]),
    );
    expect(reports.find((report) => report.projection === 'invoices')?.events).toBeGreaterThanOrEqual(92);
  });
});
