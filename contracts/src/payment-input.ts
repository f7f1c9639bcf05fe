import { collectionMessages } from './collection-api.js';
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
