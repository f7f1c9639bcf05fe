import { type InvoiceContent, type InvoiceRecord, invoiceRecordFromV1 } from '@remit/contracts';

export const party = (name: string, email: string, address = '1 Dorset Street') => ({
  name,
  email,
  address,
  companyName: `${name} Ltd`,
  vatId: null,
});

/** A small issued invoice's content for projection specs: one line, no tax (with the e-invoice model v1 states). */
export function invoiceContent(
  number: string,
  customer: InvoiceContent['customer'],
  overrides: Partial<InvoiceContent> = {},
): InvoiceRecord {
  return invoiceRecordFromV1({
    number,
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency: 'EUR',
    taxRate: 0,
    items: [{ description: 'Work', quantity: 1, unitPrice: 1000, total: 1000 }],
    subtotal: 1000,
    tax: 0,
    total: 1000,
    seller: party('Ada Lovelace', 'ada@example.com'),
    customer,
    notes: '',
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'classic' },
    ...overrides,
  });
}
