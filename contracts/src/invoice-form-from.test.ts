import { describe, expect, it } from 'vitest';
import { sameValue } from './equality.js';
import { invoiceContentFrom } from './invoice-content.js';
import { invoiceSubmitSchema } from './invoice-form.js';
import { invoiceSubmitFrom } from './invoice-form-from.js';

const form = {
  userName: 'Léa Fontaine',
  userEmail: 'lea@fontaine.studio',
  userAddress: '12 Rue des Martyrs, 75009 Paris, France',
  userCompanyName: 'Fontaine & Co',
  userCompanyVAT: 'FR40123456789',
  customerName: "Jonas O'Berg",
  customerEmail: 'jonas@nordlys.coffee',
  customerAddress: 'Gotgatan 48, Stockholm',
  customerCompanyName: 'Nordlys AB',
  customerCompanyVAT: '',
  invoiceNumber: 'INV-001',
  currency: 'EUR',
  taxRate: 7.5,
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  items: [
    { description: 'Logo design', quantity: 2, unitPrice: '950.50' },
    {
      description: 'Workshop',
      quantity: '1.5',
      unit: 'HUR',
      unitPrice: '80',
      vat: { category: 'E', rate: 0, exemption: { text: 'Education' } },
    },
  ],
  notes: 'Thank you!',
  termsAndConditions: 'Due in 30 days.',
  templateId: 'classic',
  eInvoice: {
    seller: {
      address: { lines: ['12 Rue des Martyrs'], postCode: '75009', city: 'Paris', country: 'FR' },
      phone: '+33 1 23 45 67 89',
      taxNumber: '123/456/789',
    },
    customer: {
      type: 'public_body',
      buyerReference: '04011000-12345-67',
      address: { lines: ['Gotgatan 48'], city: 'Stockholm', country: 'SE' },
    },
    delivery: { kind: 'period', start: '2025-03-01', end: '2025-03-10' },
    paymentTerms: 'Net 30',
  },
};
const parts = {
  logo: null,
  paymentMethod: null,
  template: { id: 'classic', name: 'classic', componentName: 'classic' },
};

describe('the form of a recorded invoice (issue 27: edit and duplicate)', () => {
  it('states the same content, e-invoice details and lines included', () => {
    const record = invoiceContentFrom(invoiceSubmitSchema.parse(form), parts);
    const again = invoiceContentFrom(invoiceSubmitSchema.parse(invoiceSubmitFrom(record)), parts);
    expect(sameValue(again, record)).toBe(true);
  });

  it('shows prices in the currency and quantities by their unit', () => {
    const record = invoiceContentFrom(
      invoiceSubmitSchema.parse({
        ...form,
        currency: 'JPY',
        items: [{ description: 'Print run', quantity: 3, unitPrice: '1200' }],
      }),
      parts,
    );
    const submit = invoiceSubmitFrom(record);
    expect(submit.items).toEqual([{ description: 'Print run', quantity: 3, unitPrice: '1200' }]);
    expect(submit.taxRate).toBe(7.5);
    expect(submit.eInvoice).toMatchObject({ customer: { type: 'public_body' } });
  });

  it('a v1 invoice (no category, address as text) opens as typed', () => {
    const record = invoiceContentFrom(
      invoiceSubmitSchema.parse({ ...form, taxRate: 0, eInvoice: undefined }),
      parts,
    );
    const submit = invoiceSubmitFrom(record);
    expect(submit.eInvoice).not.toHaveProperty('vat');
    expect(sameValue(invoiceContentFrom(invoiceSubmitSchema.parse(submit), parts), record)).toBe(true);
  });
});
