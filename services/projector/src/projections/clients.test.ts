import { clientFormSchema, itemFormSchema } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { clientsProjection } from './clients.js';

const spec = projectionSpec(clientsProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const details = clientFormSchema.parse({
  companyName: 'Acme Ltd',
  contactName: 'Wile E. Coyote',
  email: 'wile@acme.example',
  address: { street: '1 Desert Road', postCode: '85001', city: 'Phoenix', country: 'US' },
});
const client = (clientId: string, userId = 'u1') => ({ clientId, userId });
const item = itemFormSchema.parse({ name: 'Design', price: '85', currency: 'EUR' });

describe('the clients projection', () => {
  it('keeps each client as its newest event says, archived ones marked; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      { type: 'ClientCreated', data: { ...client('c1'), ...details }, streamId: 'client-c1', version: 1 },
      {
        type: 'ClientChanged',
        data: { ...client('c1'), ...details, companyName: 'Acme Corporation' },
        streamId: 'client-c1',
        version: 2,
      },
      { type: 'ClientCreated', data: { ...client('c2'), ...details }, streamId: 'client-c2', version: 1 },
      { type: 'ClientArchived', data: client('c2'), streamId: 'client-c2', version: 2 },
    ]);
    const rows = await spec.rows('clients', ['updated_at', 'created_position', 'details']);
    expect(rows.map((row) => [row.id, row.company_name, row.version, row.archived, row.search])).toEqual([
      ['c1', 'Acme Corporation', 2, false, 'acme corporation wile e. coyote wile@acme.example phoenix'],
      ['c2', 'Acme Ltd', 2, true, 'acme ltd wile e. coyote wile@acme.example phoenix'],
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });

  it("never touches another user's client", async () => {
    await spec.given([{ type: 'ClientArchived', data: client('c1', 'intruder'), version: 3 }]);
    expect((await spec.rows('clients')).find((row) => row.id === 'c1')?.archived).toBe(false);
  });

  it('keeps catalogue items, a deleted one marked so a re-delivered creation cannot bring it back', async () => {
    const batch = await spec.given([
      { type: 'ItemCreated', data: { itemId: 'i1', userId: 'u1', ...item }, version: 1 },
      { type: 'ItemCreated', data: { itemId: 'i2', userId: 'u1', ...item, name: 'Travel' }, version: 1 },
      { type: 'ItemDeleted', data: { itemId: 'i2', userId: 'u1' }, version: 2 },
    ]);
    await spec.redeliver(batch);
    const rows = await spec.rows('catalogue_items', ['updated_at']);
    expect(rows.map((row) => [row.id, row.name, row.unit, row.price_minor, row.deleted])).toEqual([
      ['i1', 'Design', 'HUR', 8500, false],
      ['i2', 'Travel', 'HUR', 8500, true],
    ]);
  });
});
