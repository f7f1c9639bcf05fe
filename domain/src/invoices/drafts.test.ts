import type { InvoiceDraftEvent } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import { invoiceDraftDecider } from './drafts.js';

const given = decider(invoiceDraftDecider);
const ids = { draftId: 'd1', userId: 'u1' };
const saved = (notes: string): InvoiceDraftEvent => ({
  type: 'InvoiceDraftSaved',
  data: { ...ids, form: { notes }, duplicateOf: null },
});
const save = (notes: string, expectedVersion?: number, userId = 'u1') =>
  ({
    type: 'SaveInvoiceDraft',
    data: {
      ...ids,
      userId,
      form: { notes },
      duplicateOf: null,
      ...(expectedVersion ? { expectedVersion } : {}),
    },
  }) as const;
const issued: InvoiceDraftEvent = { type: 'InvoiceDraftIssued', data: { ...ids, invoiceId: 'i1' } };

describe('an unissued draft (issue 27)', () => {
  it('is saved whole; the same form again writes nothing', () => {
    given([])
      .when(save('a'))
      .thenEmits([saved('a')]);
    given([saved('a')])
      .when(save('a'))
      .thenNothing();
  });
  it('refuses a save made on an older version, and takes one made on the latest', () => {
    given([saved('a'), saved('phone')])
      .when(save('laptop', 1))
      .thenThrows(
        'This draft was changed on another device after you opened it (version 2, you edited version 1)',
      );
    given([saved('a'), saved('phone')])
      .when(save('laptop', 2))
      .thenEmits([saved('laptop')]);
  });
  it("another user's draft is not found; an issued one is neither saved nor issued again", () => {
    given([saved('a')])
      .when(save('b', undefined, 'u2'))
      .thenThrows('Draft not found');
    given([saved('a'), issued])
      .when(save('b'))
      .thenThrows('This draft was already issued');
    given([saved('a'), issued])
      .when({ type: 'MarkInvoiceDraftIssued', data: { ...ids, invoiceId: 'i2' } })
      .thenThrows('This draft was already issued');
  });
  it('a draft only a device held has nothing to mark when it is issued', () => {
    given([])
      .when({ type: 'MarkInvoiceDraftIssued', data: { ...ids, invoiceId: 'i1' } })
      .thenNothing();
  });
  it('is discarded once; a discarded draft is not found', () => {
    const discard = { type: 'DiscardInvoiceDraft', data: ids } as const;
    given([saved('a')])
      .when(discard)
      .thenEmits([{ type: 'InvoiceDraftDiscarded', data: ids }]);
    given([saved('a'), { type: 'InvoiceDraftDiscarded', data: ids }])
      .when(discard)
      .thenThrows('Draft not found');
  });
});
