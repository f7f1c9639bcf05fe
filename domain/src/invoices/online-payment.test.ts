import type { CollectionEvent } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import { ids, issued } from '../testing/invoice.js';
import { invoiceDecider } from './decider.js';
import type { ProviderDispute } from './online-payment.js';

const given = decider(invoiceDecider);

/** The issued test invoice's total: 120.00 EUR. */
const TOTAL = 12000;
const payment = {
  ...ids,
  paymentId: 'pi_1',
  amount: TOTAL,
  currency: 'EUR',
  date: '2025-04-01',
  method: 'card' as const,
  reference: 'pi_1',
  note: '',
  source: 'stripe' as const,
  fee: 205,
};
const online = (refunded: number, dispute: ProviderDispute | null = null) => ({
  type: 'RecordOnlinePayment' as const,
  data: { ...payment, refunded, dispute, overpaid: false },
});
const recorded: CollectionEvent = { type: 'PaymentRecorded', data: payment };
const reversed = (amount: number, reason: string): CollectionEvent => ({
  type: 'PaymentReversed',
  data: { ...ids, paymentId: 'pi_1', amount, currency: 'EUR', reason },
});
const restored = (amount: number): CollectionEvent => ({
  type: 'PaymentRestored',
  data: { ...ids, paymentId: 'pi_1', amount, currency: 'EUR', reason: 'Dispute won in Stripe' },
});
const open = (amount = TOTAL): ProviderDispute => ({ amount, status: 'open' });
const won = (amount = TOTAL): ProviderDispute => ({ amount, status: 'won' });

describe('invoice decider: a payment as the provider has it now', () => {
  it('records it once, then reverses a partial refund by its part and a later full refund by the rest', () => {
    given([issued]).when(online(0)).thenEmits([recorded]);
    given([issued, recorded]).when(online(0)).thenNothing();
    given([issued, recorded])
      .when(online(3000))
      .thenEmits([reversed(3000, 'Refunded in part in Stripe')]);
    given([issued, recorded, reversed(3000, 'Refunded in part in Stripe')])
      .when(online(3000))
      .thenNothing();
    given([issued, recorded, reversed(3000, 'Refunded in part in Stripe')])
      .when(online(TOTAL))
      .thenEmits([reversed(9000, 'Refunded in Stripe')]);
  });

  it('records and reverses in one decision when the refund is seen before the payment', () => {
    given([issued])
      .when(online(3000))
      .thenEmits([recorded, reversed(3000, 'Refunded in part in Stripe')]);
  });

  it('reverses an open dispute and restores it once when won; a late read still showing it open changes nothing', () => {
    const disputed = reversed(TOTAL, 'Disputed by the customer in Stripe');
    given([issued, recorded]).when(online(0, open())).thenEmits([disputed]);
    given([issued, recorded, disputed]).when(online(0, open())).thenNothing();
    given([issued, recorded, disputed])
      .when(online(0, won()))
      .thenEmits([restored(TOTAL)]);
    given([issued, recorded, disputed, restored(TOTAL)])
      .when(online(0, won()))
      .thenNothing();
    given([issued, recorded, disputed, restored(TOTAL)])
      .when(online(0, open()))
      .thenNothing();
    given([issued, recorded, disputed, restored(TOTAL)])
      .when(online(2000, won()))
      .thenEmits([reversed(2000, 'Refunded in part in Stripe')]);
  });

  it('keeps a lost dispute reversed, and takes nothing back on a read older than what was recorded', () => {
    const disputed = reversed(TOTAL, 'Disputed by the customer in Stripe');
    given([issued, recorded, disputed])
      .when(online(0, { amount: TOTAL, status: 'lost' }))
      .thenNothing();
    given([issued, recorded, disputed]).when(online(0)).thenNothing();
    given([issued, recorded, reversed(3000, 'Refunded in part in Stripe')])
      .when(online(0))
      .thenNothing();
  });

  it('lets the owner reverse only what still stands of a partly refunded payment', () => {
    given([issued, recorded, reversed(3000, 'Refunded in part in Stripe')])
      .when({ type: 'ReversePayment', data: { ...ids, paymentId: 'pi_1', reason: 'Charged back' } })
      .thenEmits([reversed(9000, 'Charged back')]);
  });
});
