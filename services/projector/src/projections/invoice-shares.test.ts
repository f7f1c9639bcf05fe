import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { invoiceSharesProjection } from './invoice-shares.js';

const spec = projectionSpec(invoiceSharesProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const ids = { invoiceId: 'i1', userId: 'u1' };

describe('the invoice-shares projection', () => {
  it('keeps each link by its hash, inactive once stopped or its invoice deleted; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      { type: 'InvoiceShared', data: { ...ids, shareId: 's1', tokenHash: 'h1' } },
      { type: 'InvoiceSharingStopped', data: { ...ids, shareId: 's1' } },
      { type: 'InvoiceShared', data: { ...ids, shareId: 's2', tokenHash: 'h2' } },
      { type: 'InvoiceShared', data: { invoiceId: 'i2', userId: 'u1', shareId: 's3', tokenHash: 'h3' } },
    ]);
    const rows = async () =>
      (await spec.rows('invoice_shares', ['shared_at'])).map((row) => [
        row.token_hash,
        row.invoice_id,
        row.active,
      ]);
    expect(await rows()).toEqual([
      ['h1', 'i1', false],
      ['h2', 'i1', true],
      ['h3', 'i2', true],
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);

    await spec.given([{ type: 'InvoiceDeleted', data: { ...ids, number: 'INV-1' } }]);
    expect(await rows()).toEqual([
      ['h1', 'i1', false],
      ['h2', 'i1', false],
      ['h3', 'i2', true],
    ]);
  });
});
