import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './camt.js';
import { parseCsvStatement } from './csv-statement.js';
import { parseMt940 } from './mt940.js';
import { readStatement } from './read-statement.js';
import { StatementError } from './statement.js';
import { camt053, mt940 } from './testing/statements.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading CAMT.053', () => {
  it('reads a German bank’s 001.02 statement: the reference in Ustrd after SVWZ+, the payer in Dbtr/Nm', () => {
    const statement = parseCamt053(
      camt053([
        {
          amount: '1190.00',
          payer: 'Müller Maschinenbau GmbH',
          unstructured: ['EREF+NOTPROVIDED SVWZ+RE INV-2026-0001'],
          reference: '2026112700000817',
        },
      ]),
    );
    expect(statement).toMatchObject({
      format: 'camt.053.001.02',
      account: 'DE89370400440532013000',
      statementDate: '2026-11-27',
    });
    expect(statement.entries).toEqual([
      {
        account: 'DE89370400440532013000',
        identity: '2026112700000817',
        entryReference: '2026112700000817',
        bookingDate: '2026-11-27',
        amount: 119000,
        currency: 'EUR',
        credit: true,
        payerName: 'Müller Maschinenbau GmbH',
        remittance: ['EREF+NOTPROVIDED SVWZ+RE INV-2026-0001'],
      },
    ]);
  });

  it('reads a French bank’s 001.08 statement: the structured reference in Strd/CdtrRefInf/Ref, the payer in Dbtr/Pty/Nm', () => {
    const statement = parseCamt053(
      camt053(
        [
          {
            amount: '250.5',
            payer: 'Société Générale d’Études',
            structured: 'FAC-2026-118',
            unstructured: ['Paiement facture'],
            reference: null,
            endToEndId: 'E2E-7781',
          },
        ],
        { version: '08', iban: 'FR7630006000011234567890189' },
      ),
    );
    expect(statement.format).toBe('camt.053.001.08');
    expect(statement.entries[0]).toMatchObject({
      identity: 'e2e:E2E-7781:2026-11-27:25050',
      entryReference: 'E2E-7781',
      amount: 25050,
      payerName: 'Société Générale d’Études',
      remittance: ['Paiement facture', 'FAC-2026-118'],
    });
  });

  it('reads a Dutch bank’s statement: the payment reference (betalingskenmerk) structured, nothing unstructured', () => {
    const statement = parseCamt053(
      camt053([{ amount: '42.00', structured: '1234 5678 9012 3456', payer: 'J. de Vries' }], {
        iban: 'NL91ABNA0417164300',
      }),
    );
    expect(statement.entries[0]).toMatchObject({
      remittance: ['1234 5678 9012 3456'],
      payerName: 'J. de Vries',
    });
  });

  it('keeps debits as debits and leaves out entries that are not booked', () => {
    const statement = parseCamt053(
      camt053([
        { amount: '10.00', credit: false },
        { amount: '20.00', status: 'PDNG' },
        { amount: '30.00', additionalInfo: 'Gutschrift INV-9' },
      ]),
    );
    expect(statement.entries.map((entry) => [entry.amount, entry.credit, entry.remittance])).toEqual([
      [1000, false, []],
      [3000, true, ['Gutschrift INV-9']],
    ]);
  });

  it('tells equal entries without a bank reference apart by their occurrence, the same in every file', () => {
    const twice = [
      { amount: '50.00', reference: null, unstructured: ['Miete'] },
      { amount: '50.00', reference: null, unstructured: ['Miete'] },
    ];
    const first = parseCamt053(camt053(twice)).entries.map((entry) => entry.identity);
    const again = parseCamt053(camt053(twice)).entries.map((entry) => entry.identity);
    expect(new Set(first).size).toBe(2);
    expect(again).toEqual(first);
  });

  it('names the line of XML that is not well-formed', () => {
    const broken = camt053([{ amount: '10.00' }]).replace('</Ntry>', '');
    expect(() => parseCamt053(broken)).toThrow(/The XML is not well-formed: line \d+, column \d+/);
  });

  it('names the element that is wrong or missing', () => {
    expect(() => parseCamt053(camt053([{ amount: '10,00' }]))).toThrow(
      /Line \d+, element Ntry\/Amt: "10,00" is not an amount/,
    );
    expect(() => parseCamt053(camt053([{ amount: '10.00', currency: 'XXY' }]))).toThrow(
      /element Ntry\/Amt: "XXY" is not a currency/,
    );
    expect(() => parseCamt053(camt053([{ amount: '10.00', bookingDate: '2026-02-30' }]))).toThrow(
      /element Ntry\/BookgDt: "2026-02-30" is not a date/,
    );
    const noIndicator = camt053([{ amount: '10.00' }]).replaceAll('<CdtDbtInd>CRDT</CdtDbtInd>', '');
    expect(() => parseCamt053(noIndicator)).toThrow(/element Ntry\/CdtDbtInd/);
  });

  it('refuses another message or version', () => {
    const camt052 = camt053([]).replace('camt.053.001.02', 'camt.052.001.02');
    expect(() => parseCamt053(camt052)).toThrow(/not a CAMT.053 statement of version 001.02 or 001.08/);
  });

  it('refuses external entities (XXE) and entity expansion before reading anything', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${camt053([{ amount: '1.00', unstructured: ['&x;'] }]).replace(/^<\?xml[^>]*>/, '')}`;
    expect(() => parseCamt053(xxe)).toThrow(/a DOCTYPE is not allowed/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&lol2;</Document>`;
    expect(() => parseCamt053(laughs)).toThrow(/a DOCTYPE is not allowed/);
    const undeclared = camt053([{ amount: '1.00', unstructured: ['&lol;'] }]).replace('&amp;lol;', '&lol;');
    expect(() => parseCamt053(undeclared)).toThrow(StatementError);
  });
});

describe('reading MT940', () => {
  it('reads German :86: subfields: ?20–?29 purpose joined across wraps, ?32/?33 the payer', () => {
    const statement = parseMt940(
      mt940([
        {
          amount: '1190,00',
          bankReference: 'BREF0001',
          purpose: ['EREF+2026-11-0001', 'SVWZ+RE INV-2026-00', '01 Danke'],
          payer: 'Müller Maschinenbau GmbH und Partner',
        },
        { amount: '15,5', credit: false, purpose: ['Kontogebühr'] },
      ]),
    );
    expect(statement).toMatchObject({
      format: 'mt940',
      account: '37040044/0532013000',
      statementDate: '2026-11-27',
    });
    expect(statement.entries[0]).toMatchObject({
      identity: 'BREF0001',
      entryReference: 'BREF0001',
      bookingDate: '2026-11-27',
      amount: 119000,
      currency: 'EUR',
      credit: true,
      payerName: 'Müller Maschinenbau GmbH und Partner',
      remittance: ['EREF+2026-11-0001', 'SVWZ+RE INV-2026-00', '01 Danke'],
    });
    expect(statement.entries[1]).toMatchObject({ amount: 1550, credit: false });
    expect(statement.entries[1]?.identity).toMatch(/^content:/);
  });

  it('reads Dutch banks’ /NAME/ and /REMI/ tags', () => {
    const text = [
      ':20:940S261127',
      ':25:NL91ABNA0417164300',
      ':28C:1',
      ':60F:C261126EUR0,00',
      ':61:2611271127C42,00NTRFNONREF//NL0001',
      ':86:/TRTP/SEPA OVERBOEKING/IBAN/NL02RABO0123456789/BIC/RABONL2U/NAME/J. de Vries/REMI/USTD//Factuur 2026-0042/EREF/NOTPROVIDED',
      ':62F:C261127EUR42,00',
    ].join('\n');
    expect(parseMt940(text).entries[0]).toMatchObject({
      payerName: 'J. de Vries',
      remittance: ['Factuur 2026-0042', 'NOTPROVIDED'],
      amount: 4200,
    });
  });

  it('names the line of a broken statement line', () => {
    const broken = mt940([{ amount: '10,00', purpose: ['x'] }]).replace(':61:261127', ':61:26X127');
    expect(() => parseMt940(broken)).toThrow(/^Line 5 \(:61:\): "26X127/);
  });
});

describe('reading CSV with a saved mapping', () => {
  const mapping = {
    date: 'Buchungstag',
    amount: 'Betrag',
    reference: 'Verwendungszweck',
    payer: 'Name',
    currency: '',
    entryId: '',
    defaultCurrency: 'EUR',
    dateFormat: 'DD.MM.YYYY' as const,
    decimalSeparator: ',' as const,
  };

  it('reads rows by the mapped columns, decimal commas and grouping points, credits only', () => {
    const csv =
      'Buchungstag;Name;Verwendungszweck;Betrag\n27.11.2026;Müller GmbH;RE INV-2026-0001;1.190,00\n27.11.2026;Telekom;Rechnung;-39,95\n';
    const statement = parseCsvStatement(bytes(csv), mapping);
    expect(statement.entries).toEqual([
      expect.objectContaining({
        amount: 119000,
        bookingDate: '2026-11-27',
        payerName: 'Müller GmbH',
        credit: true,
      }),
      expect.objectContaining({ amount: 3995, credit: false }),
    ]);
  });

  it('names the line and column of a cell it cannot read, and a column the file lacks', () => {
    expect(() =>
      parseCsvStatement(bytes('Buchungstag;Name;Verwendungszweck;Betrag\n27.11.2026;A;B;zwölf\n'), mapping),
    ).toThrow('Line 2, column "Betrag": "zwölf" is not an amount');
    expect(() => parseCsvStatement(bytes('Datum;Betrag\n'), mapping)).toThrow(
      /Line 1: the file has no column "Buchungstag"/,
    );
  });
});

describe('telling the kind of file', () => {
  it('asks for a mapping before reading a CSV, and refuses an empty file', () => {
    expect(() => readStatement(bytes('a,b\n1,2\n'), null)).toThrow(/save a column mapping first/);
    expect(() => readStatement(new Uint8Array(), null)).toThrow('The file is empty');
    expect(readStatement(bytes(mt940([])), null).format).toBe('mt940');
    expect(readStatement(bytes(`\uFEFF${camt053([])}`), null).format).toBe('camt.053.001.02');
  });
});
