import type { QuickStats, TopClient } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

/** The profile's figures follow credit notes (issue 27): revenue, pending, top clients, recent statuses. */
describe('credit notes in the profile figures', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app.close());

  it('revenue keeps only what is not owed back, pending drops what was credited, clients are billed less credits', async () => {
    const carol = await signedInUser(app, 'carol@example.com', 'Carol King');
    await subscribe(app, carol);
    const as = { token: carol.token };
    const issue = async (number: string) => {
      const created = await postInvoice(app, carol.token, invoicePayload({ invoiceNumber: number }));
      expect(created.status).toBe(201);
      return String((created.body.invoice as { ID: string }).ID);
    };
    // Two invoices of 2281.56 EUR to one client: the first paid, then credited in part; the second credited in full.
    const paid = await issue('FIG-1');
    await app.post(`/invoices/${paid}/payments`, { amount: null }, as);
    await app.post(
      `/invoices/${paid}/credit-notes`,
      { reason: 'One day less', lines: [{ line: 1, quantity: '1', unitPrice: '950.50' }] },
      as,
    );
    const unpaid = await issue('FIG-2');
    const last = await app.post(`/invoices/${unpaid}/credit-notes`, { reason: 'Cancelled' }, as);
    await app.applied(BigInt(String(last.body.position)));

    const stats = (await app.get('/settings/quick-stats', as)).body.stats as QuickStats;
    expect(stats.totalRevenue).toEqual([{ currency: 'EUR', amount: 114096 }]);
    expect(stats.pendingPayments).toEqual([]);

    const clients = (await app.get('/customers/top', as)).body.clients as TopClient[];
    expect(clients[0]).toMatchObject({ TotalAmount: 114096, Currency: 'EUR' });

    const recent = await app.get('/invoices/recent', as);
    const statuses = (recent.body.invoices as Array<{ InvoiceNumber: string; Status: string }>).map(
      (row) => `${row.InvoiceNumber} ${row.Status}`,
    );
    expect(statuses).toEqual(['FIG-2 Credited', 'FIG-1 Refund due']);
  });

  it('overdue and pending are what is due after credits: a partly credited overdue invoice owes the rest', async () => {
    const dan = await signedInUser(app, 'dan@example.com', 'Dan Brown');
    await subscribe(app, dan);
    const as = { token: dan.token };
    // Due 2025-04-13: overdue today. 2281.56 EUR, of which one day (950.50 + 20 % VAT = 1140.60) is credited.
    const created = await postInvoice(app, dan.token, invoicePayload({ invoiceNumber: 'OVD-1' }));
    const id = String((created.body.invoice as { ID: string }).ID);
    const credited = await app.post(
      `/invoices/${id}/credit-notes`,
      { reason: 'One day less', lines: [{ line: 1, quantity: '1', unitPrice: '950.50' }] },
      as,
    );
    expect(credited.status).toBe(201);
    await app.applied(BigInt(String(credited.body.position)));
    const stats = (await app.get('/settings/quick-stats', as)).body.stats as QuickStats;
    expect(stats.overduePayments).toEqual([{ currency: 'EUR', amount: 114096 }]);
    expect(stats.pendingPayments).toEqual([{ currency: 'EUR', amount: 114096 }]);
    // The client's balance on the clients list is the same figure.
    const client = await app.post(
      '/clients',
      { companyName: 'Difference Works', email: 'charles@difference.example' },
      as,
    );
    expect(client.status).toBe(201);
    await app.applied(BigInt(String(client.body.position)));
    const clients = await app.get('/clients', as);
    expect(clients.body.clients).toEqual([
      expect.objectContaining({ balances: [{ currency: 'EUR', balance: 114096 }] }),
    ]);
  });
});
