/**
 * CSV in and out (issue 29, item 4): files exported from Invoice Ninja, InvoiceShelf or a spreadsheet. Read as
 * UTF-8 (with or without a byte order mark) or, when the bytes are not valid UTF-8, as Windows-1252 (what Excel
 * on Windows saves); fields separated by ';', ',' or a tab, whichever the header row uses; quoted fields may hold
 * separators, doubled quotes and line breaks (RFC 4180). No I/O: the browser hands in the file's bytes.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface CsvTable {
  encoding: CsvEncoding;
  delimiter: ';' | ',' | '\t';
  header: string[];
  /** Data rows, each as long as the header (missing cells are ''); blank lines are skipped. */
  rows: string[][];
  /** The line of the file each row starts on (the header's is 1), for messages. */
  lines: number[];
}

/** Files past this many data rows are refused before any row is read. */
export const CSV_MAX_ROWS = 10_000;

export class CsvError extends Error {
  override readonly name = 'CsvError';
}

export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}

function detectDelimiter(text: string): CsvTable['delimiter'] {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const [best] = (Object.entries(counts) as [CsvTable['delimiter'], number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** Every record of the text as cells, quotes resolved, with the line it starts on; blank lines are skipped. */
export function parseCsvText(text: string, delimiter: string): { cells: string[]; line: number }[] {
  const records: { cells: string[]; line: number }[] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') line += 1;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') {
        index += 1;
        line += 1;
      } else if (char === '\r') line += 1;
      record.push(cell);
      records.push({ cells: record, line: start });
      record = [];
      cell = '';
      start = line;
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push({ cells: record, line: start });
  }
  return records.filter(({ cells }) => cells.some((value) => value.trim() !== ''));
}

export function readCsv(bytes: Uint8Array): CsvTable {
  const { text, encoding } = decodeCsvBytes(bytes);
  const delimiter = detectDelimiter(text);
  const [first, ...rows] = parseCsvText(text, delimiter);
  if (!first) throw new CsvError('The file is empty');
  const header = first.cells;
  if (rows.length > CSV_MAX_ROWS) {
    throw new CsvError(`The file has ${rows.length} rows; at most ${CSV_MAX_ROWS} can be imported at once`);
  }
  const width = header.length;
  return {
    encoding,
    delimiter,
    header: header.map((name) => name.trim()),
    rows: rows.map(({ cells }) => Array.from({ length: width }, (_, column) => (cells[column] ?? '').trim())),
    lines: rows.map(({ line }) => line),
  };
}

/** One cell as a spreadsheet reads it safely: quoted when needed, a leading = + - @ neutralised (CSV injection). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A UTF-8 CSV with a byte order mark (so Excel reads it as UTF-8), comma-separated, CRLF line ends. */
export function writeCsv(header: string[], rows: string[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
