import type { CollectionEvent } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import { ids, issued, voided } from '../testing/invoice.js';
import type { CollectionCommand } from './collection.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

describe('invoice decider: sending and sharing', () => {
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
