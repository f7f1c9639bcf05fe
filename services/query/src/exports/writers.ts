import { type CsvDelimiter, requireCurrency, toDecimalString } from '@remit/contracts';
import type { Cell, ExportTable } from './tables.js';

/** A rate in basis points as a percentage with two decimals: 1900 → "19.00". */
export const ratePercent = (rate: number) => toDecimalString({ amount: rate, currency: 'EUR' });

/** A cell's text in a CSV: a decimal with '.', or with ',' where ';' separates the fields (D-260). */
export function cellText(cell: Cell, decimalComma: boolean): string {
  if (typeof cell === 'string') return cell;
  const decimal = (text: string) => (decimalComma ? text.replace('.', ',') : text);
  if ('money' in cell) return decimal(toDecimalString({ amount: cell.money, currency: cell.currency }));
  if ('rate' in cell) return decimal(ratePercent(cell.rate));
  if ('day' in cell) return cell.day;
  return String(cell.count);
}

/** One cell as a spreadsheet reads it safely: quoted when needed, a leading = + - @ neutralised (CSV injection). */
function csvField(value: string, delimiter: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(delimiter) || /["\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The table as CSV: UTF-8 with a byte order mark (so Excel reads it as UTF-8), CRLF line ends, streamed. */
export async function* csvChunks(table: ExportTable, delimiter: CsvDelimiter): AsyncGenerator<string> {
  const decimalComma = delimiter === ';';
  const line = (cells: Cell[]) =>
    cells
      .map((cell) => csvField(cellText(cell, decimalComma), delimiter, typeof cell === 'string'))
      .join(delimiter);
  yield `\uFEFF${line(table.header)}\r\n`;
  let batch = '';
  for await (const row of table.rows) {
    batch += `${line(row)}\r\n`;
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

/** The number of decimals a money cell is shown with in a spreadsheet. */
export const decimalsOf = (currency: string) => requireCurrency(currency).decimals;
