import { type ItemEvent, itemFormSchema, itemMessages } from '@remit/contracts';
import { decider, stateOf } from '@remit/domain/testing';
import { describe, expect, it } from 'vitest';
import { itemDecider, toItemView } from './decider.js';

const given = decider(itemDecider);
const details = itemFormSchema.parse({ name: 'Design work', price: '85,50', currency: 'EUR' });
const ids = { itemId: 'i1', userId: 'u1' };
const created: ItemEvent = { type: 'ItemCreated', data: { ...ids, ...details } };

describe('the catalogue item decider', () => {
  it('creates an hourly service by default, the price in minor units', () => {
    expect(details).toMatchObject({ unit: 'HUR', priceMinor: 8550, currency: 'EUR' });
    given([])
      .when({ type: 'CreateItem', data: { ...ids, details } })
      .thenEmits([created]);
  });

  it('refuses an edit from an older version, and deletes once', () => {
    const changed: ItemEvent = { type: 'ItemChanged', data: { ...ids, ...details, priceMinor: 9000 } };
    given([created, changed])
      .when({ type: 'ChangeItem', data: { ...ids, details, expectedVersion: 1 } })
      .thenThrows(itemMessages.changedElsewhere);
    const deleted: ItemEvent = { type: 'ItemDeleted', data: ids };
    given([created]).when({ type: 'DeleteItem', data: ids }).thenEmits([deleted]);
    given([created, deleted]).when({ type: 'DeleteItem', data: ids }).thenNothing();
  });

  it("answers another user's item as not found", () => {
    given([created])
      .when({ type: 'DeleteItem', data: { itemId: 'i1', userId: 'u2' } })
      .thenThrows(itemMessages.notFound);
  });

  it('answers the price as a decimal in the currency’s own digits', () => {
    expect(toItemView(stateOf(itemDecider, [created]), 'i1')).toMatchObject({ price: '85.50', version: 1 });
  });
});
