import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { collectionProjection } from './collection.js';

const spec = projectionSpec(collectionProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const ids = { invoiceId: 'i1', userId: 'u1' };
const payment = (paymentId: string, amount: number) =>
  ({
    type: 'PaymentRecorded',
    data: {
      ...ids,
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

describe('the collection projection', () => {
  it('keeps what stands paid per invoice from its payments and reversals, and the void', async () => {
    const batch = await spec.given([
      {
        type: 'InvoiceIssued',
        data: {
          ...invoiceContent('INV-1', party('Bob', 'Bob@Example.com')),
          ...ids,
          status: 'Draft',
          origin: null,
        },
      },
      {
        type: 'InvoiceIssued',
        data: {
          ...invoiceContent('INV-2', party('Cy', 'cy@example.com')),
          invoiceId: 'i2',
          userId: 'u1',
          status: 'Draft',
          origin: null,
        },
      },
      payment('p1', 300),
      payment('p2', 200),
      {
        type: 'PaymentReversed',
        data: { ...ids, paymentId: 'p1', amount: 300, currency: 'EUR', reason: 'bounced' },
      },
      {
        type: 'InvoiceRevised',
        data: { ...invoiceContent('INV-1', party('Bob B.', 'bob@example.com'), { total: 1500 }), ...ids },
      },
      { type: 'InvoiceVoided', data: { invoiceId: 'i2', userId: 'u1', number: 'INV-2', reason: 'mistake' } },
      // Marked overdue by the scheduler (D-271): the overdue job looks no more at it.
      {
        type: 'InvoiceBecameOverdue',
        data: { ...ids, dueDate: '2026-12-01', balance: 1300, currency: 'EUR' },
      },
    ]);
    expect(await spec.rows('invoice_collection')).toEqual([
      {
        invoice_id: 'i1',
        user_id: 'u1',
        number: 'INV-1',
        currency: 'EUR',
        total: 1500,
        amount_paid: 200,
        voided: false,
        void_reason: null,
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        customer_email: 'bob@example.com',
        customer_name: 'Bob B.',
        issued_position: 1,
        overdue: true,
      },
      {
        invoice_id: 'i2',
        user_id: 'u1',
        number: 'INV-2',
        currency: 'EUR',
        total: 1000,
        amount_paid: 0,
        voided: true,
        void_reason: 'mistake',
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        customer_email: 'cy@example.com',
        customer_name: 'Cy',
        issued_position: 2,
        overdue: false,
      },
    ]);
    const payments = await spec.rows('invoice_payments', ['recorded_at']);
    expect(payments.map((row) => [row.payment_id, row.amount, row.reversed, row.reversal_reason])).toEqual([
      ['p1', 300, true, 'bounced'],
      ['p2', 200, false, null],
    ]);

    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);

    await spec.given([{ type: 'InvoiceDeleted', data: { ...ids, number: 'INV-1' } }]);
    expect((await spec.rows('invoice_collection')).map((row) => row.invoice_id)).toEqual(['i2']);
    expect(await spec.rows('invoice_payments')).toEqual([]);
  });
});
