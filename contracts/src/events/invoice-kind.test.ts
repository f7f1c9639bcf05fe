import { describe, expect, it } from 'vitest';
import { sampleEInvoice } from '../einvoice/sample.js';
import { readEvent } from './catalogue.js';

const envelope = { streamId: 'invoice-i1', version: 1, position: 3n };

/** An invoice's content as InvoiceIssued v2 recorded it: the e-invoice model without a document kind. */
export function v2Data() {
  const {
    typeCode: _code,
    precedingInvoice: _reference,
    language: _language,
    ...eInvoice
  } = sampleEInvoice();
  return {
    invoiceId: 'i1',
    userId: 'u1',
    status: 'Draft' as const,
    number: eInvoice.number,
    issueDate: eInvoice.issueDate,
    dueDate: eInvoice.dueDate,
    currency: 'EUR',
    taxRate: 1900,
    items: [{ description: 'Brand workshop', quantity: 2, unitPrice: 95000, total: 190000 }],
    subtotal: 190000,
    tax: 36100,
    total: 226100,
    seller: {
      name: 'Anna',
      email: 'anna@example.com',
      address: 'Torstraße 12',
      companyName: 'S',
      vatId: null,
    },
    customer: {
      name: 'Jonas',
      email: 'j@example.com',
      address: 'Hafenstraße 5',
      companyName: 'W',
      vatId: null,
    },
    notes: '',
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'classic' },
    eInvoice,
  };
}

describe('the document kind of an invoice written before credit notes', () => {
  it('reads an InvoiceIssued v2 as an invoice (380) that corrects no other', () => {
    const event = readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 2, data: v2Data() });
    if (event.type !== 'InvoiceIssued') throw new Error('not an InvoiceIssued');
    expect(event.data.eInvoice.typeCode).toBe('380');
    expect(event.data.eInvoice.precedingInvoice).toBeNull();
    const {
      typeCode: _code,
      precedingInvoice: _reference,
      language: _language,
      ...rest
    } = event.data.eInvoice;
    expect(rest).toEqual(v2Data().eInvoice);
  });

  it('reads an InvoiceRevised v2 the same way', () => {
    const { status: _status, ...revised } = v2Data();
    const event = readEvent({ ...envelope, type: 'InvoiceRevised', schemaVersion: 2, data: revised });
    if (event.type !== 'InvoiceRevised') throw new Error('not an InvoiceRevised');
    expect(event.data.eInvoice.typeCode).toBe('380');
    expect(event.data.eInvoice.precedingInvoice).toBeNull();
  });

  it('keeps what v3 records, in English (v4 adds the language)', () => {
    const data = v2Data();
    const eInvoice = { ...data.eInvoice, typeCode: '380', precedingInvoice: null };
    const event = readEvent({
      ...envelope,
      type: 'InvoiceIssued',
      schemaVersion: 3,
      data: { ...data, eInvoice },
    });
    expect(event.data).toEqual({ ...data, eInvoice: { ...eInvoice, language: 'en' }, origin: null });
  });
});
