import { currencyByCode } from './currencies.js';
import { number, type ReadNumber, readTypedNumber } from './typed-number.js';

/**
 * An amount of money as typed, read by its currency's own decimals (issue 34, item 2): the one reader of the
 * wizard, the payments form and the API. The rule of `readTypedNumber` holds, and where it finds a lone comma
 * or point before exactly three digits unclear, the currency decides: with 3 decimals (KWD, BHD) the mark is
 * the decimal mark (`42,125` is 42.125), with none (JPY) it groups thousands (`1.200` is 1200), with 2 it
 * cannot be either and is refused with the currency's count. More decimals than the currency has are refused,
 * trailing zeros too (`42.1250` KWD): the amount is never trimmed to fit.
 */
export type TypedAmount =
  | ReadNumber
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'too_many_decimals'; decimals: number; currency: string; maybeGrouped: boolean };

export function readTypedAmount(value: unknown, currencyCode: string): TypedAmount {
  const currency = currencyByCode(currencyCode);
  const read = readTypedNumber(value);
  if (!currency) return { kind: 'invalid' };
  if (read.kind === 'empty' || read.kind === 'invalid') return read;
  const { decimals, value: code } = currency;
  if (read.kind === 'unclear') {
    if (decimals === 3) return number(read.negative, read.whole, read.fraction);
    if (decimals === 0) return number(read.negative, `${read.whole}${read.fraction}`, '');
    return { kind: 'too_many_decimals', decimals, currency: code, maybeGrouped: true };
  }
  if (read.fraction.length > decimals) {
    return { kind: 'too_many_decimals', decimals, currency: code, maybeGrouped: false };
  }
  return read;
}

/**
 * "Unit price can have at most 2 decimals in EUR", "The amount cannot have decimals in JPY". Where the typed
 * mark could also have grouped thousands (`1,250` in USD), the message says how to type those.
 */
export function amountDecimalsMessage(
  subject: string,
  read: Pick<Extract<TypedAmount, { kind: 'too_many_decimals' }>, 'decimals' | 'currency' | 'maybeGrouped'>,
): string {
  const rule =
    read.decimals === 0
      ? `${subject} cannot have decimals in ${read.currency}`
      : `${subject} can have at most ${read.decimals} decimals in ${read.currency}`;
  return read.maybeGrouped ? `${rule} (type thousands without a separator, such as 1234.50)` : rule;
}
