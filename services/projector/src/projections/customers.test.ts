import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { customersProjection } from './customers.js';

const spec = projectionSpec(customersProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

describe('the customers projection', () => {
  it('keeps one customer per e-mail (any case) with the latest details and the count of invoices issued', async () => {
    const batch = await spec.given([
      {
        type: 'InvoiceIssued',
        data: {
          ...invoiceContent('INV-1', party('Charles Babbage', 'Charles@Example.com')),
          invoiceId: 'i1',
          userId: 'u1',
          status: 'Draft',
          origin: null,
        },
      },
      {
        type: 'InvoiceIssued',
        data: {
          ...invoiceContent('INV-2', party('Charles Babbage', 'charles@example.com', '2 Dorset Street')),
          invoiceId: 'i2',
          userId: 'u1',
          status: 'Draft',
          origin: null,
        },
      },
      {
        type: 'InvoiceRevised',
        data: {
          ...invoiceContent('INV-2', party('Charles B. Babbage', 'charles@example.com', '3 Dorset Street')),
          invoiceId: 'i2',
          userId: 'u1',
        },
      },
    ]);
    expect(await spec.rows('customers', ['updated_at'])).toEqual([
      {
        user_id: 'u1',
        email: 'charles@example.com',
        name: 'Charles B. Babbage',
        address: '3 Dorset Street',
        company_name: 'Charles B. Babbage Ltd',
        company_vat: null,
        invoice_count: 2,
      },
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });
});
