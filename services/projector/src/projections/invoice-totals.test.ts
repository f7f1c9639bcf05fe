import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { invoiceTotalsProjection } from './invoice-totals.js';

const spec = projectionSpec(invoiceTotalsProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const issued = (
  invoiceId: string,
  number: string,
  customer: ReturnType<typeof party>,
  overrides = {},
  userId = 'u1',
) =>
  ({
    type: 'InvoiceIssued',
    data: {
      ...invoiceContent(number, customer, overrides),
      invoiceId,
      userId,
      status: 'Draft',
      origin: null,
    },
  }) as const;
const payment = (invoiceId: string, paymentId: string, amount: number, userId = 'u1') =>
  ({
    type: 'PaymentRecorded',
    data: {
      invoiceId,
      userId,
      paymentId,
      amount,
      currency: 'EUR',
      date: '2026-11-20',
      method: 'bank_transfer',
      reference: `R-${paymentId}`,
      note: '',
      source: 'owner',
      fee: 0,
    },
  }) as const;

const bob = party('Bob', 'Bob@Example.com');

describe('the invoice-totals projection', () => {
  it('keeps the live count, per currency and per client figures as invoices, payments and voids come', async () => {
    const batch = await spec.given([
      issued('i1', 'INV-1', bob),
      issued('i2', 'INV-2', party('Cy', 'cy@example.com')),
      issued('i3', 'INV-3', party('Bobby', 'bob@example.com'), {
        currency: 'JPY',
        total: 7000,
        issueDate: '2026-10-01',
      }),
      payment('i1', 'p1', 300),
      payment('i1', 'p2', 200),
      {
        type: 'PaymentReversed',
        data: { invoiceId: 'i1', userId: 'u1', paymentId: 'p1', amount: 300, currency: 'EUR', reason: 'x' },
      },
      {
        type: 'InvoiceRevised',
        data: {
          ...invoiceContent('INV-1', party('Bob B.', 'bob@example.com'), { total: 1500 }),
          invoiceId: 'i1',
          userId: 'u1',
        },
      },
      { type: 'InvoiceVoided', data: { invoiceId: 'i2', userId: 'u1', number: 'INV-2', reason: 'mistake' } },
    ]);
    expect(await spec.rows('user_invoice_totals')).toEqual([{ user_id: 'u1', invoices: 3 }]);
    expect(await spec.rows('currency_totals')).toEqual([
      { user_id: 'u1', currency: 'EUR', invoices: 2, paid: 200, outstanding: 1300 },
      { user_id: 'u1', currency: 'JPY', invoices: 1, paid: 0, outstanding: 7000 },
    ]);
    const clients = (await spec.rows('client_currency_totals')).sort((a, b) =>
      `${a.customer_email} ${a.currency}`.localeCompare(`${b.customer_email} ${b.currency}`),
    );
    expect(clients).toEqual([
      {
        user_id: 'u1',
        customer_email: 'bob@example.com',
        currency: 'EUR',
        customer_name: 'Bob B.',
        newest_position: 1,
        invoices: 1,
        billed: 1500,
        paid: 200,
        outstanding: 1300,
        open_invoices: 1,
        last_issue_date: '2026-11-01',
      },
      {
        user_id: 'u1',
        customer_email: 'bob@example.com',
        currency: 'JPY',
        customer_name: 'Bobby',
        newest_position: 3,
        invoices: 1,
        billed: 7000,
        paid: 0,
        outstanding: 7000,
        open_invoices: 1,
        last_issue_date: '2026-10-01',
      },
      {
        user_id: 'u1',
        customer_email: 'cy@example.com',
        currency: 'EUR',
        customer_name: 'Cy',
        newest_position: 2,
        invoices: 1,
        billed: 0,
        paid: 0,
        outstanding: 0,
        open_invoices: 0,
        last_issue_date: '2026-11-01',
      },
    ]);

    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });

  it('names a client after their newest invoice left, and forgets rows left empty', async () => {
    await spec.given([
      issued('d1', 'D-1', party('Dee', 'dee@example.com'), { issueDate: '2026-09-01' }),
      issued('d2', 'D-2', party('Dee Newer', 'dee@example.com'), { issueDate: '2026-10-15' }),
      issued('e1', 'E-1', party('Eve', 'eve@example.com'), { currency: 'GBP' }),
      { type: 'InvoiceDeleted', data: { invoiceId: 'd2', userId: 'u1', number: 'D-2' } },
      // A revision that moves the invoice to another client and currency.
      {
        type: 'InvoiceRevised',
        data: {
          ...invoiceContent('E-1', party('Dee Again', 'dee@example.com'), { issueDate: '2026-08-01' }),
          invoiceId: 'e1',
          userId: 'u1',
        },
      },
    ]);
    const dee = (await spec.rows('client_currency_totals')).filter(
      (row) => row.customer_email === 'dee@example.com',
    );
    expect(dee).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        customer_name: 'Dee Again',
        invoices: 2,
        billed: 2000,
        last_issue_date: '2026-09-01',
      }),
    ]);
    expect((await spec.rows('currency_totals')).map((row) => row.currency)).toEqual(['EUR', 'JPY']);
    expect(await spec.rows('user_invoice_totals')).toEqual([{ user_id: 'u1', invoices: 5 }]);
  });

  it('keeps what owes per user, the day it is overdue from and currency', async () => {
    const fay = party('Fay', 'fay@example.com');
    const owing = async () =>
      (await spec.rows('owing_days'))
        .filter((row) => row.user_id === 'u2')
        .sort((a, b) => `${a.since} ${a.currency}`.localeCompare(`${b.since} ${b.currency}`));
    await spec.given([
      issued('f1', 'F-1', fay, { total: 1000, issueDate: '2026-10-01', dueDate: '2026-10-31' }, 'u2'),
      issued('f2', 'F-2', fay, { total: 500, issueDate: '2026-10-02', dueDate: '2026-10-31' }, 'u2'),
      // Issued after its due date: overdue from its issue date, that day included.
      issued('f3', 'F-3', fay, { total: 700, issueDate: '2026-11-10', dueDate: '2026-11-05' }, 'u2'),
      issued(
        'f4',
        'F-4',
        fay,
        { total: 900, currency: 'JPY', issueDate: '2026-10-01', dueDate: '2026-10-31' },
        'u2',
      ),
      payment('f1', 'p1', 400, 'u2'),
    ]);
    expect(await owing()).toEqual([
      { user_id: 'u2', since: '2026-10-31', currency: 'EUR', inclusive: false, invoices: 2, balance: 1100 },
      { user_id: 'u2', since: '2026-10-31', currency: 'JPY', inclusive: false, invoices: 1, balance: 900 },
      { user_id: 'u2', since: '2026-11-10', currency: 'EUR', inclusive: true, invoices: 1, balance: 700 },
    ]);
    await spec.given([
      payment('f2', 'p2', 500, 'u2'),
      {
        type: 'InvoiceRevised',
        data: {
          ...invoiceContent('F-1', fay, { total: 1000, issueDate: '2026-10-01', dueDate: '2026-11-15' }),
          invoiceId: 'f1',
          userId: 'u2',
        },
      },
      { type: 'InvoiceVoided', data: { invoiceId: 'f4', userId: 'u2', number: 'F-4', reason: 'x' } },
      { type: 'InvoiceDeleted', data: { invoiceId: 'f3', userId: 'u2', number: 'F-3' } },
    ]);
    expect(await owing()).toEqual([
      { user_id: 'u2', since: '2026-11-15', currency: 'EUR', inclusive: false, invoices: 1, balance: 600 },
    ]);
  });

  it("follows credit notes and refunds: balance, a client's outstanding and what owes (D-205, D-256)", async () => {
    const gus = party('Gus', 'gus@example.com');
    const credited = (invoiceId: string, creditNoteId: string, amount: number, full = false) =>
      ({
        type: 'InvoiceCredited',
        data: {
          invoiceId,
          userId: 'u3',
          creditNoteId,
          number: `CN-${creditNoteId}`,
          full,
          amount,
          currency: 'EUR',
          lines: [] as { line: number; net: number }[],
        },
      }) as const;
    const due = { issueDate: '2026-10-01', dueDate: '2026-10-31' };
    const batch = await spec.given([
      issued('g1', 'G-1', gus, { total: 1000, ...due }, 'u3'),
      issued('g2', 'G-2', gus, { total: 800, ...due }, 'u3'),
      // Partly credited, unpaid: 700 left to pay.
      credited('g1', 'c1', 300),
      // Paid 500, then cancelled: nothing owed, 500 owed back until refunded.
      payment('g2', 'p9', 500, 'u3'),
      credited('g2', 'c2', 800, true),
      {
        type: 'RefundRecorded',
        data: {
          invoiceId: 'g2',
          userId: 'u3',
          refundId: 'r1',
          amount: 500,
          currency: 'EUR',
          date: '2026-11-02',
          method: 'bank_transfer',
        },
      },
    ]);
    const rows = (await spec.rows('totals_invoices')).filter((row) => row.user_id === 'u3');
    expect(rows.map((row) => [row.invoice_id, row.paid, row.balance])).toEqual([
      ['g1', 0, 700],
      ['g2', 500, 0],
    ]);
    expect((await spec.rows('client_currency_totals')).filter((row) => row.user_id === 'u3')).toEqual([
      expect.objectContaining({
        customer_email: 'gus@example.com',
        outstanding: 700,
        open_invoices: 1,
        paid: 500,
      }),
    ]);
    expect((await spec.rows('owing_days')).filter((row) => row.user_id === 'u3')).toEqual([
      { user_id: 'u3', since: '2026-10-31', currency: 'EUR', inclusive: false, invoices: 1, balance: 700 },
    ]);
    // The same credit and refund again change nothing.
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
    // Credited for the rest in full: nothing owes.
    await spec.given([credited('g1', 'c3', 700, true)]);
    expect((await spec.rows('owing_days')).filter((row) => row.user_id === 'u3')).toEqual([]);
  });
});
