import { collectionMessages } from './collection-api.js';
import { addDays } from './invoices-api.js';
import { toMinorUnitsExact } from './money.js';
import { amountDecimalsMessage, readTypedAmount } from './typed-amount.js';
import { decimalString } from './typed-number.js';

/*
 * A payment as the owner types it, read against its invoice: the one check of the Payments form (before
 * sending) and of the decision on the server (`RecordPayment`), so the two say the same.
 */

/** A payment's typed amount in minor units of the invoice's currency, or what is wrong with it. */
export function paymentAmountIn(typed: string, currency: string): { units: bigint } | { message: string } {
  const read = readTypedAmount(typed, currency);
  if (read.kind === 'too_many_decimals') return { message: amountDecimalsMessage('The amount', read) };
  if (read.kind !== 'number' || read.whole.length > 16) return { message: collectionMessages.amountInvalid };
  if (read.negative || !/[1-9]/.test(`${read.whole}${read.fraction}`)) {
    return { message: collectionMessages.amountNegative };
  }
  return { units: toMinorUnitsExact(decimalString(read), currency) };
}

/**
 * When a payment may be dated (issue 34, item 21): not before 1 January of the year before the invoice's issue
 * date (an advance paid late the year before still fits), not after tomorrow (a payer in a time zone ahead).
 */
export function paymentDateMessage(date: string, issueDate: string, today: string): string | null {
  const earliestYear = Number(issueDate.slice(0, 4)) - 1;
  if (date < `${earliestYear}-01-01`) return `The payment date cannot be before 1 January ${earliestYear}`;
  if (date > addDays(today, 1)) return 'The payment date cannot be later than tomorrow';
  return null;
}
