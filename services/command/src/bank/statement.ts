import { createHash } from 'node:crypto';
import {
  BANK_STATEMENT_MAX_ENTRIES,
  type BankStatementFormat,
  currencyByCode,
  toMinorUnitsExact,
} from '@remit/contracts';

/** One booked entry of a statement (a CAMT `Ntry` or one of its `TxDtls`, an MT940 `:61:`, a CSV row). */
export interface StatementEntry {
  /** The account it was booked on (IBAN, or what the file names it by). */
  account: string;
  /** Within the account: the bank's reference of the entry, or its content (see `withContentIdentities`). */
  identity: string;
  /** The bank's own reference as the owner may look it up ('' when the file has none). */
  entryReference: string;
  bookingDate: string;
  /** Minor units of `currency`, positive. */
  amount: number;
  currency: string;
  credit: boolean;
  payerName: string;
  /** The remittance information in the file's order: unstructured lines and structured references. */
  remittance: string[];
}

export interface ParsedStatement {
  format: BankStatementFormat;
  account: string;
  /** The day the bank made the statement (YYYY-MM-DD). */
  statementDate: string;
  entries: StatementEntry[];
}

/** A file that is not a statement Remit reads; the message names the line or element. Answered as 400. */
export class StatementError extends Error {
  override readonly name = 'StatementError';
}

/** A date the file gives, checked to be a real day. */
export function calendarDate(value: string, where: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new StatementError(`${where}: "${clip(value)}" is not a date`);
  }
  return value;
}

/** An amount the file gives as a decimal ("1234.56", MT940's "1234,56"), as minor units of the currency. */
export function statementAmount(
  decimal: string,
  currency: string,
  where: string,
  separator: '.' | ',' = '.',
): number {
  if (!currencyByCode(currency))
    throw new StatementError(`${where}: "${clip(currency)}" is not a currency code`);
  const pattern = separator === '.' ? /^\d{1,15}(\.\d{0,5})?$/ : /^\d{1,15}(,\d{0,5})?$/;
  if (!pattern.test(decimal)) {
    throw new StatementError(`${where}: "${clip(decimal)}" is not an amount`);
  }
  const units = toMinorUnitsExact(decimal.replace(',', '.'), currency);
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw new StatementError(`${where}: the amount is too large`);
  return Number(units);
}

export const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

export function assertEntryCount(count: number): void {
  if (count > BANK_STATEMENT_MAX_ENTRIES) {
    throw new StatementError(
      `The statement has more than ${BANK_STATEMENT_MAX_ENTRIES} entries; split it into smaller files`,
    );
  }
}

/**
 * Entries the bank gave no reference are known by their content; the same content twice in one file (two equal
 * transfers the same day) is told apart by its occurrence, so an overlapping statement finds both again.
 */
export function withContentIdentities(entries: StatementEntry[]): StatementEntry[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    if (entry.identity) return entry;
    const digest = createHash('sha256')
      .update(
        JSON.stringify([
          entry.bookingDate,
          entry.amount,
          entry.currency,
          entry.credit,
          entry.payerName,
          entry.remittance,
        ]),
      )
      .digest('hex')
      .slice(0, 32);
    const occurrence = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, occurrence);
    return { ...entry, identity: `content:${digest}:${occurrence}` };
  });
}

/** The stable id of an entry for its owner: its stream is `bank-transaction-{userId}-{this}`. */
export const transactionIdOf = (entry: Pick<StatementEntry, 'account' | 'identity'>) =>
  createHash('sha256').update(`${entry.account}\n${entry.identity}`).digest('hex').slice(0, 32);
