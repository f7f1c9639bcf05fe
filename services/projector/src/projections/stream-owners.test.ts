import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { streamOwnersProjection } from './stream-owners.js';

const spec = projectionSpec(streamOwnersProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

describe('the stream owners projection', () => {
  it("gives each stream its first event's user, writes nothing for later events, and a re-delivery changes nothing", async () => {
    const batch = await spec.given([
      { type: 'ItemDeleted', data: { itemId: 'i1', userId: 'ada' }, streamId: 'item-i1', version: 1 },
      // A later event of the stream, whoever it names, does not move the stream.
      { type: 'ItemDeleted', data: { itemId: 'i1', userId: 'bob' }, streamId: 'item-i1', version: 2 },
      { type: 'ItemDeleted', data: { itemId: 'i2', userId: '山田' }, streamId: 'item-i2', version: 1 },
    ]);
    // Only from a stream's second event on: the batch that had its first one owned it already.
    await spec.given([
      { type: 'ItemDeleted', data: { itemId: 'i2', userId: 'bob' }, streamId: 'item-i2', version: 2 },
    ]);
    const rows = [
      { stream_id: 'item-i1', user_id: 'ada' },
      { stream_id: 'item-i2', user_id: '山田' },
    ];
    expect(await spec.rows('stream_owners')).toEqual(rows);
    await spec.redeliver(batch);
    expect(await spec.rows('stream_owners')).toEqual(rows);
  });
});
