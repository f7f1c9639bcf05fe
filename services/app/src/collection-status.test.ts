import { addDays, type QuickStats } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

const DAY = 86_400_000;

describe.each(httpStores())('collection status, filter and stats with a set clock on %s', (kind) => {
  let app: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let fay: Awaited<ReturnType<typeof signedInUser>>;
  // The server's one clock (commands, 'today' of the read side); the test moves it forward.
  const start = Date.now();
  let clock = start;
  const today = () => new Date(clock).toISOString().slice(0, 10);
  const day0 = new Date(start).toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await startTestApp(kind, { now: () => new Date(clock), env: { SESSION_TTL_HOURS: '720' } });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    fay = await signedInUser(app, 'fay@example.com', 'Fay Free');
    await subscribe(app, ada);
  });
  afterAll(() => app.close());

  async function issue(number: string, overrides: Parameters<typeof invoicePayload>[0] = {}) {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: number, ...overrides }),
    );
    expect(created.status).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    return String((created.body.invoice as { ID: string }).ID);
  }
  async function settled(answer: { status: number; body: Record<string, unknown> }) {
    expect(answer.status).toBeLessThan(300);
    await app.applied(BigInt(String(answer.body.position)));
  }
  const statusOf = async (id: string) => {
    const details = await app.get(`/invoices/${id}`, { token: ada.token });
    return details.body.Collection as { CollectionStatus: string; AmountPaid: number; Balance: number };
  };

  it('moves one invoice from Draft to Outstanding, Partially paid, Overdue and Paid', async () => {
    const id = await issue('C-1', { issueDate: addDays(day0, 1), dueDate: addDays(day0, 2) });
    expect(await statusOf(id)).toMatchObject({ CollectionStatus: 'draft', AmountPaid: 0, Balance: 228156 });
    clock = start + DAY;
    expect((await statusOf(id)).CollectionStatus).toBe('outstanding');
    await settled(await app.post(`/invoices/${id}/payments`, { amount: '281.56' }, { token: ada.token }));
    expect(await statusOf(id)).toMatchObject({
      CollectionStatus: 'partially_paid',
      AmountPaid: 28156,
      Balance: 200000,
    });
    clock = start + 3 * DAY;
    expect((await statusOf(id)).CollectionStatus).toBe('overdue');
    await settled(await app.post(`/invoices/${id}/payments`, {}, { token: ada.token }));
    const details = await app.get(`/invoices/${id}`, { token: ada.token });
    expect(details.body.Collection).toMatchObject({
      CollectionStatus: 'paid',
      AmountPaid: 228156,
      Balance: 0,
      VoidReason: null,
    });
    const payments = (details.body.Collection as { Payments: { amount: number; date: string }[] }).Payments;
    expect(payments.map((payment) => [payment.amount, payment.date])).toEqual([
      [28156, addDays(day0, 1)],
      [200000, today()],
    ]);
  });

  it('filters the list by collection status for subscribers; 402 without a subscription, 400 for nonsense', async () => {
    const voidId = await issue('C-2');
    await settled(await app.post(`/invoices/${voidId}/void`, { reason: 'Duplicate' }, { token: ada.token }));
    const open = await issue('C-3', { issueDate: today(), dueDate: addDays(today(), 30) });
    const list = async (status: string) => {
      const answer = await app.get(`/invoices?status=${encodeURIComponent(status)}`, { token: ada.token });
      expect(answer.status).toBe(200);
      return (answer.body.invoices as { ID: string; CollectionStatus: string; Balance: number }[]).map(
        (row) => [row.ID, row.CollectionStatus, row.Balance],
      );
    };
    expect(await list('void')).toEqual([[voidId, 'void', 0]]);
    expect(await list('Outstanding')).toEqual([[open, 'outstanding', 228156]]);
    expect((await list('paid')).map(([, status]) => status)).toEqual(['paid']);
    expect(await list('partially paid')).toEqual([]);
    expect((await app.get('/invoices?status=lost', { token: ada.token })).status).toBe(400);
    const free = await app.get('/invoices?status=paid', { token: fay.token });
    expect(free.status).toBe(402);
    const all = await app.get('/invoices', { token: ada.token });
    expect((all.body.invoices as unknown[]).length).toBe(3);
  });

  it('counts money customers paid, balances and overdue per currency, never across', async () => {
    const gbp = await issue('C-4', {
      currency: 'GBP',
      taxRate: 0,
      items: [{ description: 'Survey', quantity: 1, unitPrice: '500' }],
      issueDate: addDays(today(), -40),
      dueDate: addDays(today(), -10),
    });
    await settled(await app.post(`/invoices/${gbp}/payments`, { amount: '120.5' }, { token: ada.token }));
    const stats = await app.get('/settings/quick-stats', { token: ada.token });
    expect(stats.body.stats as QuickStats).toMatchObject({
      totalRevenue: [
        { currency: 'EUR', amount: 228156 },
        { currency: 'GBP', amount: 12050 },
      ],
      pendingPayments: [
        { currency: 'EUR', amount: 228156 },
        { currency: 'GBP', amount: 37950 },
      ],
      overduePayments: [{ currency: 'GBP', amount: 37950 }],
      totalInvoices: 4,
    });
    // Replaying every read model from the log ends in the rows the live projector built.
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);
  });
});
