import {
  type CollectionEvent,
  type InvoiceRecord,
  type InvoiceStreamEvent,
  invoiceRecordFromV1,
} from '@remit/contracts';

/** An issued invoice of 120.00 EUR (100.00 + 20 % VAT) that the collection tests start from. */
const party = {
  name: 'Ada',
  email: 'ada@example.com',
  address: '1 Main St',
  companyName: '',
  vatId: null,
};
export const content: InvoiceRecord = invoiceRecordFromV1({
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
export const ids = { invoiceId: 'i1', userId: 'u1' };
export const issued: InvoiceStreamEvent = {
  type: 'InvoiceIssued',
  data: { ...ids, ...content, status: 'Draft', origin: null },
};
export const voided: CollectionEvent = {
  type: 'InvoiceVoided',
  data: { ...ids, number: 'INV-001', reason: 'sent by mistake' },
};
