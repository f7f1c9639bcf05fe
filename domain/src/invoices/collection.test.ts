import type { CollectionEvent, InvoiceRecord, InvoiceStreamEvent } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import { content, ids, issued, voided } from '../testing/invoice.js';
import type { CollectionCommand } from './collection.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

const record = (paymentId: string, amount: string | null, userId = 'u1'): CollectionCommand => ({
  type: 'RecordPayment',
  data: {
    invoiceId: 'i1',
    userId,
    paymentId,
    amount,
    date: '2025-04-01',
    today: '2025-04-02',
    method: 'bank_transfer',
    reference: 'TX-1',
    note: '',
  },
});
const recorded = (paymentId: string, amount: number): CollectionEvent => ({
  type: 'PaymentRecorded',
  data: {
    ...ids,
    paymentId,
    amount,
    currency: 'EUR',
    date: '2025-04-01',
    method: 'bank_transfer',
    reference: 'TX-1',
    note: '',
    source: 'owner',
    fee: 0,
  },
});
const reversed = (paymentId: string, amount: number): CollectionEvent => ({
  type: 'PaymentReversed',
  data: { ...ids, paymentId, amount, currency: 'EUR', reason: 'bounced' },
});

describe('invoice decider: getting paid', () => {
  it('records a partial payment in minor units of the invoice currency, read without floats', () => {
    given([issued])
      .when(record('p1', '90.36'))
      .thenEmits([recorded('p1', 9036)]);
    given([issued])
      .when(record('p1', '0.10'))
      .thenEmits([recorded('p1', 10)]);
  });
  it("'Mark as paid' (no amount) records the whole balance", () => {
    given([issued])
      .when(record('p1', null))
      .thenEmits([recorded('p1', 12000)]);
    given([issued, recorded('p1', 2000)])
      .when(record('p2', null))
      .thenEmits([recorded('p2', 10000)]);
  });
  it('refuses an overpayment with a message naming the balance', () => {
    given([issued, recorded('p1', 2000)])
      .when(record('p2', '100.01'))
      .thenThrows('The payment of €100.01 is more than the balance due of €100.00');
  });
  it('refuses a payment on a settled invoice, and amounts the currency cannot hold', () => {
    given([issued, recorded('p1', 12000)])
      .when(record('p2', null))
      .thenThrows('This invoice is paid in full and has no balance left to pay');
    given([issued]).when(record('p1', '1.005')).thenThrows('The amount can have at most 2 decimals in EUR');
    given([issued]).when(record('p1', '0')).thenThrows('The amount must be more than zero');
  });
  it("reads a payment by the currency's decimals: 3 in KWD, none in JPY; more are refused, not trimmed", () => {
    const inCurrency = (currency: string): InvoiceStreamEvent => ({
      type: 'InvoiceIssued',
      data: { ...ids, ...content, currency, status: 'Draft', origin: null },
    });
    const emitted = (currency: string, amount: number) => {
      const event = recorded('p1', amount);
      return { ...event, data: { ...event.data, currency } } as CollectionEvent;
    };
    given([inCurrency('KWD')])
      .when(record('p1', '4,125'))
      .thenEmits([emitted('KWD', 4125)]);
    given([inCurrency('KWD')])
      .when(record('p1', '1.000'))
      .thenEmits([emitted('KWD', 1000)]);
    given([inCurrency('KWD')])
      .when(record('p1', '4.1250'))
      .thenThrows('The amount can have at most 3 decimals in KWD');
    given([inCurrency('JPY')])
      .when(record('p1', '1,200'))
      .thenEmits([emitted('JPY', 1200)]);
    given([inCurrency('JPY')])
      .when(record('p1', '12.5'))
      .thenThrows('The amount cannot have decimals in JPY');
    given([issued]).when(record('p1', '90.365')).thenThrows('The amount can have at most 2 decimals in EUR');
  });
  it('the same payment id recorded again writes nothing', () => {
    given([issued, recorded('p1', 2000)])
      .when(record('p1', '20'))
      .thenNothing();
  });
  it("another user's invoice, or a deleted one, is not found", () => {
    given([issued])
      .when(record('p1', '1', 'u2'))
      .thenThrows('Invoice not found');
    given([issued, { type: 'InvoiceDeleted', data: { ...ids, number: 'INV-001' } }])
      .when(record('p1', '1'))
      .thenThrows('Invoice not found');
  });
  it('reverses a payment once; its amount is due again', () => {
    const reverse: CollectionCommand = {
      type: 'ReversePayment',
      data: { ...ids, paymentId: 'p1', reason: 'bounced' },
    };
    given([issued, recorded('p1', 12000)])
      .when(reverse)
      .thenEmits([reversed('p1', 12000)]);
    given([issued, recorded('p1', 12000), reversed('p1', 12000)])
      .when(reverse)
      .thenNothing();
    given([issued, recorded('p1', 12000), reversed('p1', 12000)])
      .when(record('p2', null))
      .thenEmits([recorded('p2', 12000)]);
    given([issued])
      .when({ ...reverse, data: { ...reverse.data, paymentId: 'nope' } })
      .thenThrows('Payment not found');
  });
  it('voids an invoice without payments; a void invoice takes no payments and is not revised', () => {
    const voidIt: CollectionCommand = { type: 'VoidInvoice', data: { ...ids, reason: 'sent by mistake' } };
    given([issued]).when(voidIt).thenEmits([voided]);
    given([issued, voided]).when(voidIt).thenNothing();
    given([issued, voided]).when(record('p1', '1')).thenThrows('This invoice is void and takes no payments');
    given([issued, voided])
      .when({ type: 'ReviseInvoice', data: { ...ids, content: { ...content, notes: 'x' } } })
      .thenThrows('This invoice is void and can no longer be changed');
    given([issued, recorded('p1', 100)])
      .when(voidIt)
      .thenThrows('This invoice has payments recorded; reverse them before voiding it');
    given([issued, recorded('p1', 100), reversed('p1', 100)])
      .when(voidIt)
      .thenEmits([voided]);
  });
  it('an invoice with a payment is final (issue 27); a partly paid one is not deleted', () => {
    const revise = (changed: Partial<InvoiceRecord>) =>
      ({ type: 'ReviseInvoice', data: { ...ids, content: { ...content, ...changed } } }) as const;
    given([issued, recorded('p1', 12000)])
      .when(revise({ notes: 'thanks' }))
      .thenThrows('This invoice has a payment recorded, so it is final');
    given([issued, recorded('p1', 5000), reversed('p1', 5000)])
      .when(revise({ notes: 'thanks' }))
      .thenThrows('Issue a credit note to correct it.');
    given([issued, recorded('p1', 5000)])
      .when({ type: 'DeleteInvoice', data: ids })
      .thenThrows('reverse them before deleting it (or void it instead)');
  });
});
