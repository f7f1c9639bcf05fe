import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { mockApi } from '../../test/api';
import { clearSentCommands, enqueueInvoice, flushOutbox } from './outbox';

const body = (number: string) => ({
  invoice: { invoiceNumber: number, customerName: 'Charles Babbage' },
  logo: null,
});

afterEach(async () => {
  await db.outbox.clear();
  clearSentCommands();
});

describe('outbox (DESIGN §8)', () => {
  it('sends waiting commands once, in order, each with its own idempotency key', async () => {
    let id = 0;
    const { requests } = mockApi({
      'POST /invoices': () => ({
        status: 201,
        body: { invoice: { ID: `inv-${++id}` }, position: String(id) },
      }),
    });
    await enqueueInvoice(body('OFF-1'), 'key-00000001');
    await enqueueInvoice(body('OFF-2'), 'key-00000002');
    const sent: string[] = [];
    const [first, second] = await Promise.all([
      flushOutbox((record) => sent.push(record.label)),
      flushOutbox((record) => sent.push(record.label)),
    ]);
    expect(first).toBe(2);
    expect(second).toBe(2);
    expect(sent).toEqual(['OFF-1 for Charles Babbage', 'OFF-2 for Charles Babbage']);
    expect(requests.map((request) => request.headers.get('Idempotency-Key'))).toEqual([
      'key-00000001',
      'key-00000002',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await flushOutbox()).toBe(0);
    expect(requests).toHaveLength(2);
  });

  it('keeps a command when the server cannot be reached, and marks one the server refuses', async () => {
    mockApi({
      'POST /invoices': () => ({ status: 409, body: { error: 'Invoice number OFF-1 is already used' } }),
    });
    await enqueueInvoice(body('OFF-1'), 'key-00000003');
    expect(await flushOutbox()).toBe(0);
    const [refused] = await db.outbox.toArray();
    expect(refused?.lastError).toBe('Invoice number OFF-1 is already used');

    await db.outbox.clear();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await enqueueInvoice(body('OFF-2'), 'key-00000004');
    expect(await flushOutbox()).toBe(0);
    const [waiting] = await db.outbox.toArray();
    expect(waiting?.lastError).toBeUndefined();
    expect(waiting?.attempts).toBe(1);
  });
});
