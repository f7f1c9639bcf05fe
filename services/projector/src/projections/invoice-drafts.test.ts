import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { invoiceDraftsProjection } from './invoice-drafts.js';

const spec = projectionSpec(invoiceDraftsProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

// Each event as its draft's stream numbers it.
const saved = (draftId: string, version: number, notes: string, duplicateOf: string | null = null) =>
  ({
    type: 'InvoiceDraftSaved',
    streamId: `invoice-draft-${draftId}`,
    version,
    data: { draftId, userId: 'u1', form: { notes }, duplicateOf },
  }) as const;

describe('the invoice-drafts projection', () => {
  it('keeps the last save with its version; issued or discarded it is closed, and a late save cannot revive it', async () => {
    const saves = await spec.given([
      saved('d1', 1, 'first', 'inv-9'),
      saved('d1', 2, 'second'),
      saved('d2', 1, 'only'),
      saved('d3', 1, 'to issue'),
    ]);
    await spec.given([
      { type: 'InvoiceDraftDiscarded', version: 2, data: { draftId: 'd2', userId: 'u1' } },
      { type: 'InvoiceDraftIssued', version: 2, data: { draftId: 'd3', userId: 'u1', invoiceId: 'inv-3' } },
    ]);
    const rows = async () =>
      (await spec.rows('invoice_drafts', ['updated_at'])).map((row) => [
        row.id,
        row.version,
        row.form,
        row.duplicate_of,
        row.closed,
      ]);
    const expected = [
      ['d1', 2, { notes: 'second' }, 'inv-9', false],
      ['d2', 2, { notes: 'only' }, null, true],
      ['d3', 2, { notes: 'to issue' }, null, true],
    ];
    expect(await rows()).toEqual(expected);
    // The saves delivered again (after the close): nothing changes.
    await spec.redeliver(saves);
    expect(await rows()).toEqual(expected);
  });
});
