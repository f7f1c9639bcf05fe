import { type BankCsvMapping, CsvError, readCsv } from '@remit/contracts';
import {
  assertEntryCount,
  calendarDate,
  clip,
  type ParsedStatement,
  type StatementEntry,
  StatementError,
  statementAmount,
  withContentIdentities,
} from './statement.js';

const datePatterns: Record<BankCsvMapping['dateFormat'], RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{2}|\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{2}|\d{4})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{2}|\d{4})$/,
};

function dateIn(value: string, format: BankCsvMapping['dateFormat'], where: string): string {
  const parts = datePatterns[format].exec(value)?.groups;
  if (!parts) throw new StatementError(`${where}: "${clip(value)}" is not a date written ${format}`);
  const year = parts.y?.length === 2 ? `20${parts.y}` : (parts.y ?? '');
  return calendarDate(
    `${year}-${(parts.m ?? '').padStart(2, '0')}-${(parts.d ?? '').padStart(2, '0')}`,
    where,
  );
}

/** "-1.234,56" with a decimal comma, "1,234.56" with a point: the sign and the decimal as MT940 writes it. */
function amountIn(value: string, separator: ',' | '.'): { negative: boolean; decimal: string } | null {
  const compact = value.replace(/[\s\u00a0']/g, '').replace(/^\+/, '');
  const negative = compact.startsWith('-') || /^\(.*\)$/.test(compact);
  const digits = compact.replace(/^-|^\(|\)$/g, '');
  const grouping = separator === ',' ? '.' : ',';
  const pattern =
    separator === ','
      ? /^\d{1,3}(\.\d{3})*(,\d+)?$|^\d+(,\d+)?$/
      : /^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/;
  if (!pattern.test(digits)) return null;
  return { negative, decimal: digits.replaceAll(grouping, '').replace(',', '.') };
}

/** A CSV export read with the owner's saved column mapping (header names); every row is one entry. */
export function parseCsvStatement(bytes: Uint8Array, mapping: BankCsvMapping): ParsedStatement {
  let table: ReturnType<typeof readCsv>;
  try {
    table = readCsv(bytes);
  } catch (error) {
    if (error instanceof CsvError) throw new StatementError(error.message);
    throw error;
  }
  const columnOf = (name: string, required: boolean) => {
    if (!name) return -1;
    const index = table.header.findIndex((header) => header.toLowerCase() === name.toLowerCase());
    if (index === -1 && required) {
      throw new StatementError(
        `Line 1: the file has no column "${clip(name)}" (its columns: ${clip(table.header.join(', '))})`,
      );
    }
    return index;
  };
  const columns = {
    date: columnOf(mapping.date, true),
    amount: columnOf(mapping.amount, true),
    reference: columnOf(mapping.reference, true),
    payer: columnOf(mapping.payer, Boolean(mapping.payer)),
    currency: columnOf(mapping.currency, Boolean(mapping.currency)),
    entryId: columnOf(mapping.entryId, Boolean(mapping.entryId)),
  };
  assertEntryCount(table.rows.length);
  const entries: StatementEntry[] = table.rows.map((row, index) => {
    const line = table.lines[index] ?? index + 2;
    const cell = (column: number) => (column >= 0 ? (row[column] ?? '') : '');
    const where = (name: string) => `Line ${line}, column "${clip(name)}"`;
    const currency = (cell(columns.currency) || mapping.defaultCurrency).toUpperCase();
    const amount = amountIn(cell(columns.amount), mapping.decimalSeparator);
    if (!amount)
      throw new StatementError(`${where(mapping.amount)}: "${clip(cell(columns.amount))}" is not an amount`);
    const entryId = cell(columns.entryId);
    return {
      account: 'csv',
      identity: entryId,
      entryReference: entryId,
      bookingDate: dateIn(cell(columns.date), mapping.dateFormat, where(mapping.date)),
      amount: statementAmount(amount.decimal, currency, where(mapping.currency || mapping.amount)),
      currency,
      credit: !amount.negative,
      payerName: cell(columns.payer),
      remittance: cell(columns.reference) ? [cell(columns.reference)] : [],
    };
  });
  return {
    format: 'csv',
    account: 'csv',
    statementDate:
      entries
        .map((entry) => entry.bookingDate)
        .sort()
        .at(-1) ?? '',
    entries: withContentIdentities(entries).filter((entry) => entry.amount > 0),
  };
}
