import { type InvoiceEvent, type InvoiceRecord, invoiceRecordFromV1 } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

const party = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: '1 Main Street',
  companyName: 'Ada Co',
  vatId: null,
};
const content: InvoiceRecord = invoiceRecordFromV1({
  number: 'INV-001',
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  currency: 'EUR',
  taxRate: 2000,
  items: [{ description: 'Design', quantity: 2, unitPrice: 1000, total: 2000 }],
  subtotal: 2000,
  tax: 400,
  total: 2400,
  seller: party,
  customer: { ...party, name: 'Bob Stone' },
  notes: '',
  terms: '',
  logo: null,
  paymentMethod: null,
  template: { id: 'classic', name: 'Classic', componentName: 'classic' },
});
const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: { invoiceId: 'i1', userId: 'u1', ...content, status: 'Draft', origin: null },
};

describe('invoice decider', () => {
  it('issues a new invoice as a Draft', () => {
    given([])
      .when({ type: 'IssueInvoice', data: { invoiceId: 'i1', userId: 'u1', content } })
      .thenEmits([issued]);
  });
  it('refuses to issue the same invoice twice', () => {
    given([issued])
      .when({ type: 'IssueInvoice', data: { invoiceId: 'i1', userId: 'u1', content } })
      .thenThrows('This invoice was already issued');
  });
  it('revises an own invoice with its whole new content', () => {
    const revised = { ...content, number: 'INV-002' };
    given([issued])
      .when({ type: 'ReviseInvoice', data: { invoiceId: 'i1', userId: 'u1', content: revised } })
      .thenEmits([{ type: 'InvoiceRevised', data: { invoiceId: 'i1', userId: 'u1', ...revised } }]);
  });
  it('an unchanged revision writes nothing', () => {
    given([issued])
      .when({ type: 'ReviseInvoice', data: { invoiceId: 'i1', userId: 'u1', content } })
      .thenNothing();
  });
  it("another user's invoice is not found", () => {
    given([issued])
      .when({ type: 'ReviseInvoice', data: { invoiceId: 'i1', userId: 'u2', content } })
      .thenThrows('Invoice not found');
    given([issued])
      .when({ type: 'DeleteInvoice', data: { invoiceId: 'i1', userId: 'u2' } })
      .thenThrows('Invoice not found');
  });
  it('deletes an own invoice once; a deleted invoice is not found', () => {
    const deleted: InvoiceEvent = {
      type: 'InvoiceDeleted',
      data: { invoiceId: 'i1', userId: 'u1', number: 'INV-001' },
    };
    given([issued])
      .when({ type: 'DeleteInvoice', data: { invoiceId: 'i1', userId: 'u1' } })
      .thenEmits([deleted]);
    given([issued, deleted])
      .when({ type: 'DeleteInvoice', data: { invoiceId: 'i1', userId: 'u1' } })
      .thenThrows('Invoice not found');
    given([issued, deleted])
      .when({ type: 'ReviseInvoice', data: { invoiceId: 'i1', userId: 'u1', content } })
      .thenThrows('Invoice not found');
  });
  it('an unknown invoice is not found', () => {
    given([])
      .when({ type: 'DeleteInvoice', data: { invoiceId: 'i9', userId: 'u1' } })
      .thenThrows('Invoice not found');
  });
});
