import { describe, expect, it } from 'vitest';
import { type InvoiceCandidate, matchEntry, NumberIndex, PayerIndex } from './matching.js';

const index = new NumberIndex([
  { invoiceId: 'a', number: 'INV-2026-0001' },
  { invoiceId: 'b', number: 'INV-2026-00011' },
  { invoiceId: 'c', number: '2026/118' },
  { invoiceId: 'd', number: '7' },
]);

const invoice = (overrides: Partial<InvoiceCandidate> = {}): InvoiceCandidate => ({
  invoiceId: 'a',
  number: 'INV-2026-0001',
  currency: 'EUR',
  issueDate: '2026-11-01',
  balance: 10000,
  voided: false,
  credited: false,
  customerName: 'Müller GmbH',
  ...overrides,
});

describe('finding invoice numbers in remittance information', () => {
  it.each([
    [['RE INV-2026-0001']],
    [['inv 2026 0001']],
    [['Rechnung Nr.INV20260001 vom 01.11.']],
    [['SVWZ+RE INV-2026-00', '01 Danke']],
    [['EREF+INV/2026/0001']],
  ])('finds INV-2026-0001 in %j', (segments) => {
    expect(index.find(segments)).toEqual(['a']);
  });

  it('does not take a number glued to more digits for a shorter one', () => {
    expect(index.find(['INV-2026-00011'])).toEqual(['b']);
    expect(index.find(['Rechnung 2026/1185'])).toEqual([]);
    expect(index.find(['Rechnung 2026/118, 2026-11-27'])).toEqual(['c']);
  });

  it('finds numbers written in another script', () => {
    const cyrillic = new NumberIndex([{ invoiceId: 'ru', number: 'СЧ-2026/15' }]);
    expect(cyrillic.find(['Оплата по счету сч 2026 15'])).toEqual(['ru']);
  });

  it('ignores numbers too short to be told from other digits', () => {
    expect(index.find(['Order 7 of 7'])).toEqual([]);
  });
});

describe('deciding what a credit is', () => {
  const entry = { amount: 10000, currency: 'EUR', payerName: '' };

  it('applies by itself one open invoice named, in the same currency, for exactly its balance', () => {
    expect(matchEntry(entry, [invoice()], [])).toEqual({ kind: 'automatic', invoice: invoice() });
  });

  it.each([
    ['partial', invoice({ balance: 20000 }), 10000],
    ['void', invoice({ voided: true }), 0],
    ['credited', invoice({ credited: true }), 10000],
    ['settled', invoice({ balance: 0 }), 0],
    ['other_currency', invoice({ currency: 'USD' }), 10000],
  ] as const)('only suggests a %s invoice', (reason, candidate, amount) => {
    expect(matchEntry(entry, [candidate], [])).toEqual({
      kind: 'suggested',
      suggestions: [
        { invoiceId: 'a', number: 'INV-2026-0001', currency: candidate.currency, amount, reason },
      ],
    });
  });

  it('suggests several invoices a transfer pays together', () => {
    const two = [
      invoice({ balance: 4000 }),
      invoice({ invoiceId: 'b', number: 'INV-2026-00011', balance: 6000 }),
    ];
    const outcome = matchEntry(entry, two, []);
    expect(outcome).toMatchObject({
      kind: 'suggested',
      suggestions: [
        { invoiceId: 'a', amount: 4000, reason: 'several_invoices' },
        { invoiceId: 'b', amount: 6000, reason: 'several_invoices' },
      ],
    });
  });

  it('suggests the payer’s open invoices when no number is named, the exact balance first', () => {
    const payer = new PayerIndex([
      { invoiceId: 'a', names: ['Müller GmbH'] },
      { invoiceId: 'b', names: ['Schmidt AG', 'Erika Schmidt'] },
    ]);
    expect(payer.find('MUELLER GMBH')).toEqual(['a']);
    expect(payer.find('Mueller GmbH, Berlin')).toEqual(['a']);
    expect(payer.find('Erika Schmidt')).toEqual(['b']);
    expect(payer.find('Nobody')).toEqual([]);
    const scripts = new PayerIndex([
      { invoiceId: 'ru', names: ['Мария Иванова'] },
      { invoiceId: 'jp', names: ['山田太郎'] },
    ]);
    expect(scripts.find('МАРИЯ ИВАНОВА')).toEqual(['ru']);
    expect(scripts.find('山田 太郎')).toEqual(['jp']);
    const outcome = matchEntry(entry, [], [invoice({ invoiceId: 'x', balance: 5000 }), invoice()]);
    expect(outcome).toMatchObject({
      kind: 'suggested',
      suggestions: [{ invoiceId: 'a' }, { invoiceId: 'x' }],
    });
  });

  it('leaves a credit with nothing to go by unmatched', () => {
    expect(matchEntry(entry, [], [])).toEqual({ kind: 'unmatched' });
  });
});
