import fc from 'fast-check';
import { type Draft, invoiceArb, user } from './cast.js';

/** An invoice's own life: issued or revised, deleted, its number reserved, bought one-time. */

const CUSTOMERS = [
  { name: 'Ada', email: 'ada@example.com', companyName: 'Ada Ltd' },
  { name: 'Ada L.', email: 'ADA@example.com', companyName: '' },
  { name: 'Bob', email: 'bob@example.com', companyName: 'Bob & Co' },
];

const party = (customer: (typeof CUSTOMERS)[number]) => ({
  name: customer.name,
  email: customer.email,
  address: '1 Main Street',
  companyName: customer.companyName,
  vatId: null,
});

function content(invoice: string, number: number, customer: number, total: number, currency: string) {
  return {
    number: `INV-${number}`,
    issueDate: '2026-01-10',
    dueDate: '2026-02-10',
    currency,
    taxRate: 0,
    items: [{ description: 'Work', quantity: 1, unitPrice: total, total }],
    subtotal: total,
    tax: 0,
    total,
    seller: party({ name: 'Seller', email: 'seller@example.com', companyName: 'Seller Ltd' }),
    customer: party(CUSTOMERS[customer] as (typeof CUSTOMERS)[number]),
    notes: `about ${invoice}`,
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
  };
}

const figures = fc.record({
  number: fc.integer({ min: 1, max: 5 }),
  customer: fc.integer({ min: 0, max: CUSTOMERS.length - 1 }),
  total: fc.integer({ min: 100, max: 50_000 }),
  currency: fc.constantFrom('EUR', 'USD'),
});

export const issueOrRevision: fc.WeightedArbitrary<Draft> = {
  weight: 4,
  arbitrary: invoiceArb.chain((invoiceId) =>
    fc
      .record({ userId: user(invoiceId), figures, revised: fc.boolean() })
      .map(({ userId, figures: f, revised }) => ({
        type: revised ? 'InvoiceRevised' : 'InvoiceIssued',
        streamId: `invoice-${invoiceId}`,
        data: {
          ...content(invoiceId, f.number, f.customer, f.total, f.currency),
          invoiceId,
          userId,
          ...(revised ? {} : { status: 'Draft' }),
        },
      })),
  ),
};

export const deletion: fc.Arbitrary<Draft> = invoiceArb.chain((invoiceId) =>
  fc
    .record({ userId: user(invoiceId), number: fc.integer({ min: 1, max: 5 }) })
    .map(({ userId, number }) => ({
      type: 'InvoiceDeleted',
      streamId: `invoice-${invoiceId}`,
      data: { invoiceId, userId, number: `INV-${number}` },
    })),
);

export const numberReservation: fc.Arbitrary<Draft> = invoiceArb.chain((invoiceId) =>
  fc
    .record({ userId: user(invoiceId), number: fc.integer({ min: 1, max: 5 }) })
    .map(({ userId, number }) => ({
      type: 'InvoiceNumberReserved',
      streamId: `invoice-numbers-${userId}`,
      data: { userId, number: `INV-${number}`, invoiceId },
    })),
);

export const purchase: fc.Arbitrary<Draft> = invoiceArb.chain((invoiceId) =>
  fc.record({ userId: user(invoiceId), purchased: fc.boolean() }).map(({ userId, purchased }) =>
    purchased
      ? {
          type: 'InvoicePurchased',
          streamId: `billing-${userId}`,
          data: { userId, invoiceId, sessionId: `cs-${invoiceId}`, amount: 399, currency: 'EUR' },
        }
      : {
          type: 'InvoicePaidFor',
          streamId: `invoice-${invoiceId}`,
          data: { invoiceId, userId, sessionId: `cs-${invoiceId}`, amount: 399, currency: 'EUR' },
        },
  ),
);
