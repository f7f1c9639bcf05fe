import { eInvoiceFromV1, withTypedAddresses } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { invoiceEInvoicesProjection } from './invoice-einvoices.js';

const spec = projectionSpec(invoiceEInvoicesProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const issued = invoiceContent('INV-1', party('Charles Babbage', 'charles@example.com'));
const revised = invoiceContent('INV-1B', party('Mary Somerville', 'mary@example.com', '2 Fleet Street'), {
  total: 2500,
});
const withLanguage = (record: typeof revised, language: 'de' | 'en') => ({
  ...record,
  eInvoice: { ...record.eInvoice, language },
});

describe('the invoice e-invoices projection', () => {
  it('keeps the last revision’s model with its typed addresses and the void day; a re-delivery changes nothing', async () => {
    const stream = { streamId: 'invoice-i1' };
    const batch = await spec.given([
      {
        type: 'InvoiceIssued',
        data: { ...withLanguage(issued, 'en'), invoiceId: 'i1', userId: 'u1', status: 'Draft', origin: null },
        schemaVersion: 5,
        ...stream,
        version: 1,
      },
      {
        type: 'InvoiceRevised',
        data: { ...withLanguage(revised, 'de'), invoiceId: 'i1', userId: 'u1' },
        schemaVersion: 4,
        ...stream,
        version: 2,
      },
      {
        type: 'InvoiceVoided',
        data: { invoiceId: 'i1', userId: 'u1', number: 'INV-1B', reason: 'Issued twice' },
        ...stream,
        version: 3,
      },
    ]);
    const rows = [
      {
        invoice_id: 'i1',
        user_id: 'u1',
        model: withTypedAddresses(withLanguage(revised, 'de').eInvoice, revised),
        voided_on: '2026-11-01',
        version: 3,
      },
    ];
    expect(await spec.rows('invoice_einvoices')).toEqual(rows);
    await spec.redeliver(batch);
    expect(await spec.rows('invoice_einvoices')).toEqual(rows);
  });

  it('maps an invoice recorded before the model (v1) as every reader of its stream does', async () => {
    const { eInvoice: _model, ...v1 } = invoiceContent('OLD-1', party('Grace Hopper', 'grace@example.com'));
    await spec.given([
      {
        type: 'InvoiceIssued',
        data: { ...v1, invoiceId: 'i2', userId: 'u2', status: 'Draft' },
        schemaVersion: 1,
        streamId: 'invoice-i2',
      },
    ]);
    const [row] = (await spec.rows('invoice_einvoices')).filter((row) => row.invoice_id === 'i2');
    expect(row).toEqual({
      invoice_id: 'i2',
      user_id: 'u2',
      model: { ...withTypedAddresses(eInvoiceFromV1(v1), v1), language: 'en' },
      voided_on: null,
      version: 1,
    });
  });

  it("removes a deleted invoice's row; another user's events change nothing", async () => {
    await spec.given([
      {
        type: 'InvoiceIssued',
        data: { ...issued, invoiceId: 'i3', userId: 'u3', status: 'Draft', origin: null },
        schemaVersion: 5,
        streamId: 'invoice-i3',
        version: 1,
      },
      {
        type: 'InvoiceVoided',
        data: { invoiceId: 'i3', userId: 'intruder', number: 'INV-1', reason: 'Not mine' },
        streamId: 'invoice-i3',
        version: 2,
      },
      { type: 'InvoiceDeleted', data: { invoiceId: 'i3', userId: 'intruder', number: 'INV-1' }, version: 3 },
    ]);
    expect((await spec.rows('invoice_einvoices')).map((row) => [row.invoice_id, row.voided_on])).toEqual([
      ['i1', '2026-11-01'],
      ['i2', null],
      ['i3', null],
    ]);
    await spec.given([
      { type: 'InvoiceDeleted', data: { invoiceId: 'i3', userId: 'u3', number: 'INV-1' }, version: 4 },
    ]);
    expect((await spec.rows('invoice_einvoices')).map((row) => row.invoice_id)).toEqual(['i1', 'i2']);
  });
});
