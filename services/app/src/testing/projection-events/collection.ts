import fc from 'fast-check';
import { type Draft, invoiceArb, user } from './cast.js';

/** Getting paid on an invoice: payments and their reversals, voids, customer links and views, reminders. */

const PAYMENTS = ['p1', 'p2', 'p3', 'p4'];
const SHARES = ['s1', 's2', 's3'];

export const payment: fc.WeightedArbitrary<Draft> = {
  weight: 3,
  arbitrary: invoiceArb.chain((invoiceId) =>
    fc
      .record({
        userId: user(invoiceId),
        paymentId: fc.constantFrom(...PAYMENTS),
        amount: fc.integer({ min: 1, max: 20_000 }),
        // A reversal in part (a provider's partial refund) or of all, and a dispute won restoring (issue 31).
        kind: fc.constantFrom('recorded', 'recorded', 'reversed', 'restored'),
      })
      .map(({ userId, paymentId, amount, kind }) =>
        kind !== 'recorded'
          ? {
              type: kind === 'reversed' ? 'PaymentReversed' : 'PaymentRestored',
              streamId: `invoice-${invoiceId}`,
              data: { invoiceId, userId, paymentId, amount, currency: 'EUR', reason: 'bounced' },
            }
          : {
              type: 'PaymentRecorded',
              streamId: `invoice-${invoiceId}`,
              data: {
                invoiceId,
                userId,
                paymentId,
                amount,
                currency: 'EUR',
                date: '2026-01-20',
                method: 'bank_transfer',
                reference: `ref-${paymentId}`,
                note: '',
                source: amount % 3 === 0 ? 'stripe' : 'owner',
                fee: amount % 3 === 0 ? amount % 97 : 0,
              },
            },
      ),
  ),
};

export const voiding: fc.Arbitrary<Draft> = invoiceArb.chain((invoiceId) =>
  user(invoiceId).map((userId) => ({
    type: 'InvoiceVoided',
    streamId: `invoice-${invoiceId}`,
    data: { invoiceId, userId, number: 'INV-1', reason: 'wrong customer' },
  })),
);

export const sharing: fc.WeightedArbitrary<Draft> = {
  weight: 2,
  arbitrary: invoiceArb.chain((invoiceId) =>
    fc
      .record({
        userId: user(invoiceId),
        shareId: fc.constantFrom(...SHARES),
        kind: fc.constantFrom(0, 1, 2),
      })
      .map(({ userId, shareId, kind }) =>
        kind === 0
          ? {
              type: 'InvoiceShared',
              streamId: `invoice-${invoiceId}`,
              data: { invoiceId, userId, shareId, tokenHash: `hash-${shareId}` },
            }
          : kind === 1
            ? {
                type: 'InvoiceSharingStopped',
                streamId: `invoice-${invoiceId}`,
                data: { invoiceId, userId, shareId },
              }
            : {
                type: 'InvoiceViewed',
                streamId: `invoice-${invoiceId}`,
                data: { invoiceId, userId, shareId, viewedAt: '2026-01-21T10:00:00.000Z' },
              },
      ),
  ),
};

export const reminder: fc.WeightedArbitrary<Draft> = {
  weight: 4,
  arbitrary: invoiceArb.chain((invoiceId) =>
    fc
      .record({
        userId: user(invoiceId),
        kind: fc.constantFrom(
          'InvoiceBecameOverdue',
          'InvoiceRemindersOptedOut',
          'InvoiceRemindersOptedIn',
          'InvoiceReminderSent',
          'InvoiceReminderSkipped',
          'OwnerNotificationReserved',
        ),
        offset: fc.constantFrom(-3, 0, 7, 14),
        firstView: fc.boolean(),
      })
      .map(({ userId, kind, offset, firstView }) => {
        const ids = { invoiceId, userId };
        const owed = { dueDate: '2026-02-10', balance: 1_000, currency: 'EUR' };
        const data =
          kind === 'InvoiceBecameOverdue'
            ? { ...ids, ...owed }
            : kind === 'InvoiceReminderSent'
              ? { ...ids, offset, to: 'ada@example.com', ...owed }
              : kind === 'InvoiceReminderSkipped'
                ? { ...ids, offset, reason: 'superseded' }
                : kind === 'OwnerNotificationReserved'
                  ? { ...ids, kind: firstView ? 'first_view' : 'overdue', sent: true }
                  : ids;
        return { type: kind, streamId: `invoice-${invoiceId}`, data };
      }),
  ),
};
