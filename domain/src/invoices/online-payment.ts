import type { CollectionEvent, InvoiceContent, PaymentMethodKind, PaymentSource } from '@remit/contracts';
import { AppError } from '@remit/kit';
import { balanceOf, type Payments } from './collection-state.js';

/** Past the balance (a second tab, a voided invoice): only as a payment already given back. */
export const overpaidMessage = 'The invoice was already paid: refunded to the customer';

/**
 * A dispute as the provider has it: `open` while the money is withdrawn from the owner and the case runs,
 * `won` when it came back to them, `lost` when it stays with the customer. An inquiry that withdraws no
 * money is no dispute here.
 */
export interface ProviderDispute {
  amount: number;
  status: 'open' | 'won' | 'lost';
}

export interface RecordOnlinePaymentData {
  invoiceId: string;
  userId: string;
  paymentId: string;
  amount: number;
  currency: string;
  date: string;
  method: PaymentMethodKind;
  reference: string;
  note: string;
  source: Exclude<PaymentSource, 'owner' | 'bank'>;
  fee: number;
  /** Given back to the customer at the provider so far (minor units): a refund in part or in full. */
  refunded: number;
  dispute: ProviderDispute | null;
  /** Remit refunded it in full because the invoice could no longer take it (./collection.ts, D-302). */
  overpaid: boolean;
}

const reasons = (source: RecordOnlinePaymentData['source']) => {
  const at = source === 'stripe' ? 'in Stripe' : 'in the sandbox';
  return {
    refunded: `Refunded ${at}`,
    refundedInPart: `Refunded in part ${at}`,
    disputed: `Disputed by the customer ${at}`,
    disputeWon: `Dispute won ${at}`,
  };
};

/**
 * How much of the payment the provider's state takes back: what was refunded, and the disputed amount while
 * the dispute is open or lost. A dispute already won (restored once) never takes it back again, so a late
 * read of the provider that still shows it open changes nothing.
 */
function reversedAtProvider(data: RecordOnlinePaymentData, restored: boolean): number {
  if (data.overpaid) return data.amount;
  const disputed = data.dispute && data.dispute.status !== 'won' && !restored ? data.dispute.amount : 0;
  return Math.min(data.amount, data.refunded + disputed);
}

/**
 * A payment the provider took on the customer page's checkout (issue 31), brought to what the provider has
 * now: recorded once by its id, then reversed by what was refunded or disputed since (in parts, never twice
 * for the same money), and restored once when a dispute is won. The provider's refunds only grow and a dispute
 * ends once, so any order and any number of deliveries of the same facts converge on the same events; a read
 * older than what was recorded (refunded less, no dispute yet) takes nothing back.
 */
export function decideOnlinePayment(
  content: InvoiceContent,
  payments: Payments,
  data: RecordOnlinePaymentData,
): CollectionEvent[] {
  const { refunded: _refunded, dispute, overpaid, ...payment } = data;
  const { invoiceId, userId, paymentId, currency } = payment;
  const events: CollectionEvent[] = [];
  let known = payments.recorded[paymentId];
  if (!known) {
    if (currency !== content.currency) {
      throw new AppError('conflict', `The payment is in ${currency}, the invoice in ${content.currency}`, {
        reason: 'currency_mismatch',
      });
    }
    const fits = !payments.voided && payment.amount <= balanceOf(content, payments);
    // Past the balance only as money already given back in full (by Remit, or at the provider).
    if (!fits && !overpaid && reversedAtProvider(data, false) < payment.amount) {
      throw new AppError('conflict', overpaidMessage, { reason: 'overpayment' });
    }
    events.push({ type: 'PaymentRecorded', data: payment });
    known = { amount: payment.amount, reversed: false, reversedAmount: 0, restored: false };
  }
  const target = reversedAtProvider({ ...data, amount: known.amount }, known.restored);
  const ids = { invoiceId, userId, paymentId, currency: content.currency };
  const why = reasons(data.source);
  if (target > known.reversedAmount) {
    const reason = overpaid
      ? overpaidMessage
      : dispute && dispute.status !== 'won'
        ? why.disputed
        : target < known.amount
          ? why.refundedInPart
          : why.refunded;
    events.push({
      type: 'PaymentReversed',
      data: { ...ids, amount: target - known.reversedAmount, reason },
    });
  } else if (target < known.reversedAmount && dispute?.status === 'won' && !known.restored) {
    events.push({
      type: 'PaymentRestored',
      data: { ...ids, amount: known.reversedAmount - target, reason: why.disputeWon },
    });
  }
  return events;
}
