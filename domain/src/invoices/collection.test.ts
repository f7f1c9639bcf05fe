import {
  type CollectionEvent,
  type InvoiceRecord,
  type InvoiceStreamEvent,
  invoiceRecordFromV1,
} from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import type { CollectionCommand } from './collection.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

const party = { name: 'Ada', email: 'ada@example.com', address: '1 Main St', companyName: '', vatId: null };
const content: InvoiceRecord = invoiceRecordFromV1({
  number: 'INV-001',
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  currency: 'EUR',
  taxRate: 2000,
  items: [{ description: 'Design', quantity: 2, unitPrice: 5000, total: 10000 }],
  subtotal: 10000,
  tax: 2000,
  total: 12000,
  seller: party,
  customer: { ...party, name: 'Bob' },
  notes: '',
  terms: '',
  logo: null,
  paymentMethod: null,
  template: { id: 'classic', name: 'Classic', componentName: 'classic' },
});
const ids = { invoiceId: 'i1', userId: 'u1' };
const issued: InvoiceStreamEvent = { type: 'InvoiceIssued', data: { ...ids, ...content, status: 'Draft' } };

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
  },
});
const reversed = (paymentId: string, amount: number): CollectionEvent => ({
  type: 'PaymentReversed',
  data: { ...ids, paymentId, amount, currency: 'EUR', reason: 'bounced' },
});
const voided: CollectionEvent = {
  type: 'InvoiceVoided',
  data: { ...ids, number: 'INV-001', reason: 'sent by mistake' },
};

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
      data: { ...ids, ...content, currency, status: 'Draft' },
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
  it('a paid invoice cannot be revised; a partly paid one not under what was paid nor in another currency', () => {
    const revise = (changed: Partial<InvoiceRecord>) =>
      ({ type: 'ReviseInvoice', data: { ...ids, content: { ...content, ...changed } } }) as const;
    given([issued, recorded('p1', 12000)])
      .when(revise({ notes: 'thanks' }))
      .thenThrows('This invoice is paid in full and can no longer be changed');
    given([issued, recorded('p1', 5000)])
      .when(revise({ currency: 'USD' }))
      .thenThrows('reverse them before changing its currency from EUR');
    given([issued, recorded('p1', 5000)])
      .when(revise({ total: 4000 }))
      .thenThrows('reverse them before lowering its total under the €50.00 paid');
    given([issued, recorded('p1', 5000)])
      .when(revise({ notes: 'thanks' }))
      .thenEmits([{ type: 'InvoiceRevised', data: { ...ids, ...content, notes: 'thanks' } }]);
    given([issued, recorded('p1', 5000)])
      .when({ type: 'DeleteInvoice', data: ids })
      .thenThrows('reverse them before deleting it (or void it instead)');
  });
  it('sends to the customer with a subject from the invoice unless told otherwise; a void invoice is not sent', () => {
    const send = (to: string[], subject = ''): CollectionCommand => ({
      type: 'SendInvoice',
      data: { ...ids, sendId: 's1', to, cc: [], subject, message: '' },
    });
    given([issued])
      .when(send([]))
      .thenEmits([
        {
          type: 'InvoiceSent',
          data: {
            ...ids,
            sendId: 's1',
            to: ['ada@example.com'],
            cc: [],
            subject: 'Invoice INV-001 from Ada',
            message: '',
          },
        },
      ]);
    given([issued])
      .when(send(['pay@bob.example'], 'March'))
      .thenEmits([
        {
          type: 'InvoiceSent',
          data: { ...ids, sendId: 's1', to: ['pay@bob.example'], cc: [], subject: 'March', message: '' },
        },
      ]);
    given([issued, voided]).when(send([])).thenThrows('This invoice is void and is not sent');
    given([issued])
      .when({
        type: 'SendInvoice',
        data: { ...ids, userId: 'u2', sendId: 's2', to: [], cc: [], subject: '', message: '' },
      })
      .thenThrows('Invoice not found');
  });
  it('shares one link at a time; stopping it ends it, and sharing again makes a new one', () => {
    const share = (shareId: string, userId = 'u1'): CollectionCommand => ({
      type: 'ShareInvoice',
      data: { ...ids, userId, shareId, tokenHash: `hash-${shareId}` },
    });
    const shared = (shareId: string): CollectionEvent => ({
      type: 'InvoiceShared',
      data: { ...ids, shareId, tokenHash: `hash-${shareId}` },
    });
    const stop: CollectionCommand = { type: 'StopSharingInvoice', data: ids };
    const stopped = (shareId: string): CollectionEvent => ({
      type: 'InvoiceSharingStopped',
      data: { ...ids, shareId },
    });
    given([issued])
      .when(share('s1'))
      .thenEmits([shared('s1')]);
    given([issued, shared('s1')])
      .when(share('s2'))
      .thenEmits([]);
    given([issued, shared('s1')])
      .when(stop)
      .thenEmits([stopped('s1')]);
    given([issued]).when(stop).thenEmits([]);
    given([issued, shared('s1'), stopped('s1')])
      .when(share('s2'))
      .thenEmits([shared('s2')]);
    given([issued, voided]).when(share('s1')).thenThrows('This invoice is void and is not shared');
    given([issued]).when(share('s1', 'u2')).thenThrows('Invoice not found');
  });
  it('records a view through an active link, at most once an hour', () => {
    const shared: CollectionEvent = {
      type: 'InvoiceShared',
      data: { ...ids, shareId: 's1', tokenHash: 'h' },
    };
    const view = (viewedAt: string): CollectionCommand => ({
      type: 'RecordInvoiceView',
      data: { ...ids, viewedAt },
    });
    const viewed = (viewedAt: string): CollectionEvent => ({
      type: 'InvoiceViewed',
      data: { ...ids, shareId: 's1', viewedAt },
    });
    given([issued]).when(view('2025-04-01T10:00:00.000Z')).thenEmits([]);
    given([issued, shared])
      .when(view('2025-04-01T10:00:00.000Z'))
      .thenEmits([viewed('2025-04-01T10:00:00.000Z')]);
    given([issued, shared, viewed('2025-04-01T10:00:00.000Z')])
      .when(view('2025-04-01T10:59:59.999Z'))
      .thenEmits([]);
    given([issued, shared, viewed('2025-04-01T10:00:00.000Z')])
      .when(view('2025-04-01T11:00:00.000Z'))
      .thenEmits([viewed('2025-04-01T11:00:00.000Z')]);
  });
  it('makes a customer page link with a send when none is active, and keeps an active one', () => {
    const send: CollectionCommand = {
      type: 'SendInvoice',
      data: {
        ...ids,
        sendId: 's1',
        to: [],
        cc: [],
        subject: 'March',
        message: '',
        share: { shareId: 'l1', tokenHash: 'h1' },
      },
    };
    const sent: CollectionEvent = {
      type: 'InvoiceSent',
      data: { ...ids, sendId: 's1', to: ['ada@example.com'], cc: [], subject: 'March', message: '' },
    };
    const shared = (shareId: string, tokenHash: string): CollectionEvent => ({
      type: 'InvoiceShared',
      data: { ...ids, shareId, tokenHash },
    });
    given([issued])
      .when(send)
      .thenEmits([shared('l1', 'h1'), sent]);
    given([issued, shared('l0', 'h0')])
      .when(send)
      .thenEmits([sent]);
  });
});
