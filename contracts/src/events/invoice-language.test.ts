import { describe, expect, it } from 'vitest';
import { sampleEInvoice } from '../einvoice/sample.js';
import { invoiceSubmitSchema } from '../invoice-form.js';
import { eventVersion, readEvent } from './catalogue.js';
import { v2Data } from './invoice-kind.test.js';

// Issue 30: the document's language is part of the invoice's event (v4); every invoice and credit note written
// before it was printed in English, and reads so.

const envelope = { streamId: 'invoice-i1', version: 1, position: 3n };

/** InvoiceIssued v3: the e-invoice model with its kind, without a language. */
const v3Data = () => {
  const data = v2Data();
  return { ...data, eInvoice: { ...data.eInvoice, typeCode: '380' as const, precedingInvoice: null } };
};

describe('the language of an invoice', () => {
  it('is written at version 4 (InvoiceIssued at 5 since it names its origin, issue 33)', () => {
    expect(eventVersion('InvoiceIssued')).toBe(5);
    expect(eventVersion('InvoiceRevised')).toBe(4);
    expect(eventVersion('CreditNoteIssued')).toBe(2);
  });

  it('reads InvoiceIssued and InvoiceRevised of v1, v2 and v3 as English', () => {
    const { status: _status, ...revised } = v3Data();
    for (const [type, schemaVersion, data] of [
      ['InvoiceIssued', 3, v3Data()],
      ['InvoiceRevised', 3, revised],
      ['InvoiceIssued', 2, v2Data()],
    ] as const) {
      const event = readEvent({ ...envelope, type, schemaVersion, data });
      if (event.type !== 'InvoiceIssued' && event.type !== 'InvoiceRevised') throw new Error(event.type);
      expect(event.data.eInvoice.language).toBe('en');
    }
  });

  it('keeps the language v4 records, and refuses one it does not know', () => {
    const data = { ...v3Data(), eInvoice: { ...v3Data().eInvoice, language: 'de' } };
    const event = readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 4, data });
    expect(event.data).toEqual({ ...data, origin: null });
    const klingon = { ...v3Data(), eInvoice: { ...v3Data().eInvoice, language: 'tlh' } };
    expect(() =>
      readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 4, data: klingon }),
    ).toThrow();
  });

  it('reads a credit note of v1 as English', () => {
    const { status: _status, invoiceId: _id, userId: _user, ...content } = v3Data();
    const event = readEvent({
      ...envelope,
      streamId: 'credit-note-c1',
      type: 'CreditNoteIssued',
      schemaVersion: 1,
      data: {
        creditNoteId: 'c1',
        userId: 'u1',
        invoiceId: 'i1',
        invoice: { number: 'RE-1', issueDate: '2025-03-14' },
        reason: 'Cancelled',
        full: true,
        lines: [{ line: 0, quantity: 20_000, unitPrice: 95_000, net: 190_000 }],
        content: { ...content, eInvoice: { ...content.eInvoice, typeCode: '381', precedingInvoice: null } },
      },
    });
    if (event.type !== 'CreditNoteIssued') throw new Error(event.type);
    expect(event.data.content.eInvoice.language).toBe('en');
  });

  it('is an optional `language` of the API payload, one of en, de, fr, es, it, nl', () => {
    expect(sampleEInvoice().language).toBe('en');
    const shape = invoiceSubmitSchema.safeParse({ language: 'pt' });
    expect(shape.success).toBe(false);
    const issues = shape.error?.issues.filter((issue) => issue.path[0] === 'language') ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['Please choose a document language from the list']);
  });
});
