import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { invoicesProjection } from './invoices.js';

const spec = projectionSpec(invoicesProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const listed = ['content', 'created_at', 'updated_at', 'issued_position'];

describe('the invoices projection', () => {
  it('lists an issued invoice, takes its revision, marks it paid once bought; a re-delivery changes nothing', async () => {
    const batch = await spec.given([
      {
        type: 'InvoiceIssued',
        data: {
          ...invoiceContent('INV-1', party('Charles Babbage', 'charles@example.com')),
          invoiceId: 'i1',
          userId: 'u1',
          status: 'Draft',
          origin: null,
        },
      },
      { type: 'InvoiceNumberReserved', data: { userId: 'u1', number: 'INV-1', invoiceId: 'i1' } },
      {
        type: 'InvoiceRevised',
        data: {
          ...invoiceContent('INV-1B', party('Mary Somerville', 'MARY@example.com'), { total: 2500 }),
          invoiceId: 'i1',
          userId: 'u1',
        },
      },
      { type: 'InvoiceNumberReserved', data: { userId: 'u1', number: 'INV-1B', invoiceId: 'i1' } },
      {
        type: 'InvoicePaidFor',
        data: { invoiceId: 'i1', userId: 'u1', sessionId: 'cs_1', amount: 399, currency: 'EUR' },
      },
    ]);
    expect(await spec.rows('invoices', listed)).toEqual([
      {
        id: 'i1',
        user_id: 'u1',
        number: 'INV-1B',
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        status: 'paid',
        amount: 2500,
        currency: 'EUR',
        customer_name: 'Mary Somerville',
        customer_email: 'MARY@example.com',
        customer_company_name: 'Mary Somerville Ltd',
        search_text: 'inv-1b mary somerville mary@example.com mary somerville ltd',
        ordinal: 1,
      },
    ]);
    expect(await spec.rows('invoice_numbers', ['position'])).toEqual([
      { user_id: 'u1', number: 'INV-1' },
      { user_id: 'u1', number: 'INV-1B' },
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });

  it("removes a deleted invoice but keeps its number reserved; another user's id changes nothing", async () => {
    await spec.given([
      {
        type: 'InvoiceIssued',
        data: {
          ...invoiceContent('B-1', party('Howard Aiken', 'h@example.com')),
          invoiceId: 'i2',
          userId: 'u2',
          status: 'Draft',
          origin: null,
        },
      },
      { type: 'InvoiceNumberReserved', data: { userId: 'u2', number: 'B-1', invoiceId: 'i2' } },
      { type: 'InvoiceDeleted', data: { invoiceId: 'i2', userId: 'intruder', number: 'B-1' } },
    ]);
    expect((await spec.rows('invoices')).map((row) => row.id)).toEqual(['i1', 'i2']);
    await spec.given([{ type: 'InvoiceDeleted', data: { invoiceId: 'i2', userId: 'u2', number: 'B-1' } }]);
    expect((await spec.rows('invoices')).map((row) => row.id)).toEqual(['i1']);
    expect((await spec.rows('invoice_numbers')).filter((row) => row.user_id === 'u2')).toHaveLength(1);
  });
});

/** The projection as it applies one event at a time (no set-based batch). */
const { applyBatch: _batch, ...oneByOne } = invoicesProjection;

const issued = (invoiceId: string, userId: string) =>
  ({
    type: 'InvoiceIssued',
    data: {
      ...invoiceContent(invoiceId.toUpperCase(), party('Grace Hopper', 'grace@example.com')),
      invoiceId,
      userId,
      status: 'Draft',
      origin: null,
    },
  }) as const;
const deleted = (invoiceId: string, userId: string) =>
  ({ type: 'InvoiceDeleted', data: { invoiceId, userId, number: invoiceId.toUpperCase() } }) as const;

describe.each([
  ['in batches', invoicesProjection],
  ['one event at a time', oneByOne],
])('the kept ordinals, %s', (_how, projection) => {
  const numbered = projectionSpec(projection);
  beforeAll(() => numbered.open());
  afterAll(() => numbered.close());
  const ordinals = async () =>
    Object.fromEntries(
      (await numbered.rows('invoices'))
        .sort((a, b) => Number(a.ordinal) - Number(b.ordinal))
        .map((row) => [row.id, `${row.user_id}#${row.ordinal}`]),
    );

  it('numbers each user’s live invoices 1 … n in list order, and closes the gap a deletion leaves', async () => {
    await numbered.given([issued('a1', 'ua'), issued('b1', 'ub'), issued('a2', 'ua'), issued('a3', 'ua')]);
    await numbered.given([issued('a4', 'ua'), deleted('a2', 'ua'), issued('b2', 'ub'), issued('a5', 'ua')]);
    expect(await ordinals()).toEqual({
      a1: 'ua#1',
      b1: 'ub#1',
      a3: 'ua#2',
      b2: 'ub#2',
      a4: 'ua#3',
      a5: 'ua#4',
    });
    // Issued and deleted in one batch, the oldest deleted, another user's id refused: still 1 … n.
    const batch = await numbered.given([
      issued('a6', 'ua'),
      deleted('a1', 'ua'),
      deleted('a6', 'ua'),
      deleted('b1', 'intruder'),
      issued('a7', 'ua'),
    ]);
    const expected = { b1: 'ub#1', a3: 'ua#1', b2: 'ub#2', a4: 'ua#2', a5: 'ua#3', a7: 'ua#4' };
    expect(await ordinals()).toEqual(expected);
    // A re-delivery (a crash before the checkpoint moved) numbers nothing twice.
    await numbered.redeliver(batch);
    expect(await ordinals()).toEqual(expected);
  });
});
