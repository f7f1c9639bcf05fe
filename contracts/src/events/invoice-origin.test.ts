import { describe, expect, it } from 'vitest';
import { readEvent } from './catalogue.js';
import { v2Data } from './invoice-kind.test.js';

// Issue 33: an invoice names where it came from (InvoiceIssued v5): the quote it was converted from, or the
// recurring run that issued it. Every invoice written before was issued by hand, and reads so.

const envelope = { streamId: 'invoice-i1', version: 1, position: 3n };

/** InvoiceIssued v4: the e-invoice model with its kind and language, no origin. */
const v4Data = () => {
  const data = v2Data();
  return {
    ...data,
    eInvoice: { ...data.eInvoice, typeCode: '380' as const, precedingInvoice: null, language: 'de' as const },
  };
};

describe('where an invoice came from', () => {
  it('reads every invoice written before v5 as issued by hand, otherwise unchanged', () => {
    const data = v4Data();
    const event = readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 4, data });
    expect(event.data).toEqual({ ...data, origin: null });
    const v2 = readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 2, data: v2Data() });
    if (v2.type !== 'InvoiceIssued') throw new Error(v2.type);
    expect(v2.data.origin).toBeNull();
  });

  it('keeps the quote or recurring run v5 records, and refuses an origin it does not know', () => {
    const quote = { ...v4Data(), origin: { kind: 'quote', quoteId: 'q1', number: 'QUO-0003' } };
    expect(readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 5, data: quote }).data).toEqual(
      quote,
    );
    const run = { ...v4Data(), origin: { kind: 'recurring', profileId: 'p1', period: 11 } };
    expect(readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 5, data: run }).data).toEqual(run);
    const odd = { ...v4Data(), origin: { kind: 'import', file: 'a.csv' } };
    expect(() => readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 5, data: odd })).toThrow();
    // v5 says it: a missing origin is a broken log, not 'by hand'.
    expect(() =>
      readEvent({ ...envelope, type: 'InvoiceIssued', schemaVersion: 5, data: v4Data() }),
    ).toThrow();
  });
});
