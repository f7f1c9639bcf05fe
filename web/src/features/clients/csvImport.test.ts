import { clientMessages, readCsv } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { guessMapping, previewClients, previewItems } from './csvImport';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('the CSV import preview', () => {
  it('maps an Invoice Ninja export by its header and says per row what will be created and what is refused', () => {
    const table = readCsv(
      utf8(
        [
          'Client Name;Contact First Name;Contact Last Name;Contact Email;Address1;Postal Code;City;Country;Vat Number',
          'Difference Works;Charles;Babbage;charles@difference.example;1 Dorset Street;W1U 4EG;London;United Kingdom;GB123456789',
          ';;;;;;;;',
          'Engines;Ada;Lovelace;not-an-email;;;;Atlantis;',
          'Twice;;;charles@difference.example;;;;DE;',
        ].join('\r\n'),
      ),
    );
    const mapping = guessMapping('clients', table.header);
    expect(mapping).toMatchObject({
      companyName: 0,
      contactFirst: 1,
      contactLast: 2,
      email: 3,
      country: 7,
      vatId: 8,
    });
    const rows = previewClients(table, mapping, new Set());
    expect(rows.map((row) => [row.line, row.title, row.problems])).toEqual([
      [2, 'Difference Works', []],
      [4, 'Engines', [`Email: ${clientMessages.emailInvalid}`, `Country: ${clientMessages.countryInvalid}`]],
      [5, 'Twice', ['Email: charles@difference.example appears earlier in the file']],
    ]);
    expect(rows[0]?.input).toMatchObject({ contactName: 'Charles Babbage', address: { country: 'GB' } });
  });

  it('reads country names in the document languages', () => {
    const table = readCsv(utf8('Name;Land\nA;Deutschland\nB;Allemagne\nC;Países Bajos\nD;Atlantis\n'));
    const rows = previewClients(table, guessMapping('clients', table.header), new Set());
    expect(rows.map((row) => row.input.address?.country)).toEqual(['DE', 'DE', 'NL', 'Atlantis']);
  });

  it('refuses a row whose e-mail is already a client', () => {
    const table = readCsv(utf8('Name,Email\nAcme,ACME@example.com\n'));
    const [row] = previewClients(table, guessMapping('clients', table.header), new Set(['acme@example.com']));
    expect(row?.problems).toEqual(['Email: acme@example.com is already one of your clients']);
  });

  it('finds the 30 bad rows of a 5,000-row file, each with its line and reason', () => {
    const lines = ['Company,Email,Payment terms'];
    for (let index = 0; index < 5000; index += 1) {
      const bad = index % 166 === 5 && index < 30 * 166;
      lines.push(`Client ${index},client${index}@example.com,${bad ? 'soon' : '30'}`);
    }
    const table = readCsv(utf8(lines.join('\n')));
    const rows = previewClients(table, guessMapping('clients', table.header), new Set());
    const refused = rows.filter((row) => row.problems.length > 0);
    expect(refused).toHaveLength(30);
    expect(refused[0]).toMatchObject({
      line: 7,
      problems: [`Payment terms (days): ${clientMessages.paymentTermsInvalid}`],
    });
    expect(rows.length - refused.length).toBe(4970);
  });

  it('reads catalogue rows: hours by default, units by name, the price by the currency', () => {
    const table = readCsv(
      utf8('Name;Price;Unit;Currency\nDesign;85,50;;\nWorkshop;950;days;EUR\nHosting;29.9999;month;USD\n'),
    );
    const rows = previewItems(table, guessMapping('items', table.header), 'EUR');
    expect(rows.map((row) => [row.title, row.input.unit, row.problems])).toEqual([
      ['Design', 'HUR', []],
      ['Workshop', 'DAY', []],
      ['Hosting', 'MON', ['Price: Price can have at most 2 decimals in USD']],
    ]);
  });
});
