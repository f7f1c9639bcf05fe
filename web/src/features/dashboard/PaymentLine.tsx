import type { PaymentView } from '@remit/contracts';
import { formatAmount } from '../../lib/format';

/** Where a payment came from, as the owner reads it beside the amount (issue 31). */
const sourceLabels: Record<PaymentView['source'], string | null> = {
  owner: null,
  stripe: 'Stripe',
  sandbox: 'Sandbox',
  bank: 'Bank statement',
};

/**
 * One payment in the Payments tab: amount and day, where it came from and the provider's fee, and what was
 * taken back of it (a part after a partial refund, or all of it: struck through).
 */
export function PaymentLine({ payment }: { payment: PaymentView }) {
  const amount = formatAmount(payment.amount, payment.currency);
  const details = [
    payment.reference,
    sourceLabels[payment.source],
    payment.fee > 0 ? `fee ${formatAmount(payment.fee, payment.currency)}` : null,
  ].filter(Boolean);
  const reason = payment.reversalReason ? `: ${payment.reversalReason}` : '';
  if (payment.reversed) {
    return (
      <s>
        {amount} on {payment.date} (reversed{reason}){details.length > 0 ? ` · ${details.join(' · ')}` : ''}
      </s>
    );
  }
  return (
    <span>
      {amount} on {payment.date}
      {details.length > 0 ? ` · ${details.join(' · ')}` : ''}
      {payment.reversedAmount > 0 ? (
        <em>
          {' '}
          · {formatAmount(payment.reversedAmount, payment.currency)} of it taken back{reason}
        </em>
      ) : null}
    </span>
  );
}
