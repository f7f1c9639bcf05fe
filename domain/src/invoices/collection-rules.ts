import { formatMoney, type InvoiceContent, money, paymentAmountIn } from '@remit/contracts';
import { AppError } from '@remit/kit';
import { isSettled, type Payments } from './collection-state.js';

/** The refusals the customer's side of an invoice shares (./collection.ts and its parts). */
export const invoiceVoid = (what: string) =>
  new AppError('conflict', `This invoice is void and ${what}`, { reason: 'invoice_void' });
export const invoiceSettled = (what: string) =>
  new AppError('conflict', `This invoice is paid in full and ${what}`, { reason: 'invoice_settled' });
export const paymentsStand = (what: string) =>
  new AppError('conflict', `This invoice has payments recorded; reverse them before ${what}`, {
    reason: 'payments_recorded',
  });
export const badAmount = (message: string, reason = 'invalid_amount') =>
  new AppError('validation', message, { reason, fields: { amount: message } });

/**
 * A revision (content) or a deletion (null) is refused once the customer's side has begun: a void
 * invoice and a settled one are records; a partly paid one may change, but not under what was paid nor
 * into another currency, and is not deleted while its payments stand.
 */
export function assertRevisable(
  payments: Payments,
  content: InvoiceContent | null,
  current?: InvoiceContent,
) {
  if (payments.voided) throw invoiceVoid('can no longer be changed');
  if (payments.paid <= 0) return;
  if (content === null) throw paymentsStand('deleting it (or void it instead)');
  if (current && isSettled(current, payments)) throw invoiceSettled('can no longer be changed');
  if (current && content.currency !== current.currency) {
    throw paymentsStand(`changing its currency from ${current.currency}`);
  }
  if (content.total < payments.paid) {
    const paid = formatMoney(money(payments.paid, content.currency));
    throw paymentsStand(`lowering its total under the ${paid} paid`);
  }
}

/** Reads a typed amount as minor units of the invoice's currency (contracts, `paymentAmountIn`), or refuses it. */
export function minorUnitsOf(typed: string, currency: string): number {
  const amount = paymentAmountIn(typed, currency);
  if ('message' in amount) throw badAmount(amount.message);
  if (amount.units > BigInt(Number.MAX_SAFE_INTEGER))
    throw badAmount('The amount is too large', 'overpayment');
  return Number(amount.units);
}
