import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsvBytes, readCsv, writeCsv } from './csv.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('reading a CSV file', () => {
  it('reads UTF-8 with a byte order mark and semicolons, quoted cells with separators, quotes and lines', () => {
    const bytes = utf8(
      '\uFEFFName;Email;Notes\r\n"Müller; Söhne";info@mueller.example;"Says ""hi""\nthere"\r\n',
    );
    expect(readCsv(bytes)).toEqual({
      encoding: 'utf-8',
      delimiter: ';',
      header: ['Name', 'Email', 'Notes'],
      rows: [['Müller; Söhne', 'info@mueller.example', 'Says "hi"\nthere']],
      lines: [2],
    });
  });

  it('reads Windows-1252 (Excel on Windows) when the bytes are not UTF-8', () => {
    // "Café,Zürich" in Windows-1252: é is 0xE9, ü is 0xFC.
    const bytes = Uint8Array.from([
      0x4e, 0x61, 0x6d, 0x65, 0x2c, 0x43, 0x69, 0x74, 0x79, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x2c, 0x5a, 0xfc,
      0x72, 0x69, 0x63, 0x68,
    ]);
    expect(decodeCsvBytes(bytes).encoding).toBe('windows-1252');
    expect(readCsv(bytes).rows).toEqual([['Café', 'Zürich']]);
  });

  it("pads short rows, skips blank lines (keeping each row's line), and refuses an empty file", () => {
    const table = readCsv(utf8('a,b,c\r\n1\r\n\r\n"x\ny",3,4,5\r\nlast\n'));
    expect(table.rows).toEqual([
      ['1', '', ''],
      ['x\ny', '3', '4'],
      ['last', '', ''],
    ]);
    expect(table.lines).toEqual([2, 4, 6]);
    expect(() => readCsv(utf8(''))).toThrow(CsvError);
  });
});

describe('writing a CSV file', () => {
  it('writes UTF-8 with a byte order mark, quotes where needed and neutralises formulas', () => {
    expect(writeCsv(['Name', 'Notes'], [['A, B', '=HYPERLINK("x")']])).toBe(
      '\uFEFFName,Notes\r\n"A, B","\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('reads back what it wrote', () => {
    const text = writeCsv(['Name', 'City'], [['Ōsaka Kōgyō', 'Line\nbreak']]);
    expect(readCsv(utf8(text)).rows).toEqual([['Ōsaka Kōgyō', 'Line\nbreak']]);
  });
});
