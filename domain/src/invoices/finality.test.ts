import type { InvoiceStreamEvent } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import { content, ids, issued, voided } from '../testing/invoice.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

const edit = (notes: string, expectedRevision?: number) =>
  ({
    type: 'ReviseInvoice',
    data: { ...ids, content: { ...content, notes }, ...(expectedRevision ? { expectedRevision } : {}) },
  }) as const;
const revised = (notes: string): InvoiceStreamEvent => ({
  type: 'InvoiceRevised',
  data: { ...ids, ...content, notes },
});
const download = (format: 'pdf' | 'einvoice') =>
  ({ type: 'RecordInvoiceDownload', data: { ...ids, format } }) as const;
const downloaded: InvoiceStreamEvent = { type: 'InvoiceDownloaded', data: { ...ids, format: 'pdf' } };
const sent: InvoiceStreamEvent = {
  type: 'InvoiceSent',
  data: { ...ids, sendId: 's1', to: ['bob@example.com'], cc: [], subject: 'Invoice', message: '' },
};
const shared: InvoiceStreamEvent = {
  type: 'InvoiceShared',
  data: { ...ids, shareId: 'sh1', tokenHash: 'a'.repeat(64) },
};
const stopped: InvoiceStreamEvent = { type: 'InvoiceSharingStopped', data: { ...ids, shareId: 'sh1' } };
const reminded: InvoiceStreamEvent = {
  type: 'InvoiceReminderSent',
  data: { ...ids, offset: 0, to: 'bob@example.com', dueDate: '2025-04-13', balance: 12000, currency: 'EUR' },
};
const overdue: InvoiceStreamEvent = {
  type: 'InvoiceBecameOverdue',
  data: { ...ids, dueDate: '2025-04-13', balance: 12000, currency: 'EUR' },
};

describe('an invoice is edited until it is final (issue 27)', () => {
  it("edits freely while nothing left the owner's hands (an overdue mark is not a delivery)", () => {
    given([issued])
      .when(edit('fixed'))
      .thenEmits([revised('fixed')]);
    given([issued, revised('one'), overdue])
      .when(edit('two'))
      .thenEmits([revised('two')]);
  });

  it('sent, shared (even if stopped since), reminded or downloaded: final, and the answer says to credit it', () => {
    given([issued, sent]).when(edit('x')).thenThrows('This invoice was sent to the customer, so it is final');
    given([issued, shared, stopped]).when(edit('x')).thenThrows('was shared with the customer');
    given([issued, reminded]).when(edit('x')).thenThrows('was sent to the customer in a reminder');
    given([issued, downloaded]).when(edit('x')).thenThrows('Issue a credit note to correct it.');
  });

  it("records the owner's first download only; a final or void invoice's downloads change nothing", () => {
    given([issued]).when(download('pdf')).thenEmits([downloaded]);
    given([issued, downloaded]).when(download('einvoice')).thenNothing();
    given([issued, sent]).when(download('pdf')).thenNothing();
    given([issued, voided]).when(download('pdf')).thenNothing();
  });

  it("another user's download is not found", () => {
    given([issued])
      .when({ type: 'RecordInvoiceDownload', data: { invoiceId: 'i1', userId: 'u2', format: 'pdf' } })
      .thenThrows('Invoice not found');
  });

  it('an edit made on an older revision is refused with what happened; one on the latest goes in', () => {
    given([issued, revised('from the phone')])
      .when(edit('from the laptop', 1))
      .thenThrows(
        'This invoice was changed on another device after you opened it (revision 2, you edited revision 1)',
      );
    given([issued, revised('from the phone')])
      .when(edit('from the laptop', 2))
      .thenEmits([revised('from the laptop')]);
  });
});
