import type { BankCsvMapping } from '@remit/contracts';
import { parseCamt053 } from './camt.js';
import { parseCsvStatement } from './csv-statement.js';
import { parseMt940 } from './mt940.js';
import { type ParsedStatement, StatementError } from './statement.js';

/** What kind of statement the bytes are: XML is CAMT, `:20:`/`:25:`/`:61:` fields are MT940, else CSV. */
export function statementKind(bytes: Uint8Array): 'camt' | 'mt940' | 'csv' {
  const head = new TextDecoder('utf-8')
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'camt';
  if (/^(\{1:|:20:)/.test(head) || /(^|\n):25:/.test(head)) return 'mt940';
  return 'csv';
}

/** Reads a statement file; a file it cannot read throws `StatementError` naming the line or element. */
export function readStatement(bytes: Uint8Array, csvMapping: BankCsvMapping | null): ParsedStatement {
  if (bytes.length === 0) throw new StatementError('The file is empty');
  const kind = statementKind(bytes);
  if (kind === 'csv') {
    if (!csvMapping) {
      throw new StatementError(
        'This is not a CAMT.053 or MT940 file; to read it as CSV, save a column mapping first',
      );
    }
    return parseCsvStatement(bytes, csvMapping);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // MT940 files from older systems are Latin-1 (Windows-1252); XML declares UTF-8 unless it says otherwise.
    if (kind === 'camt') throw new StatementError('The XML is not UTF-8 encoded');
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return kind === 'camt' ? parseCamt053(text.replace(/^\uFEFF/, '')) : parseMt940(text);
}
