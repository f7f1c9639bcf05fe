import { describe, expect, it } from 'vitest';
import { readEvent } from '../events/catalogue.js';
import { invoiceContentFrom } from '../invoice-content.js';
import { invoiceSubmitSchema } from '../invoice-form.js';
import { invoiceMessages } from '../invoice-form-messages.js';
import { fieldErrors } from '../validation.js';
import { eInvoiceDetailMessages } from './details.js';
import { eInvoiceReadiness } from './readiness.js';
import { computeEInvoiceTotals } from './totals.js';

const validForm = {
  userName: 'Léa Fontaine',
  userEmail: 'lea@fontaine.studio',
  userAddress: '12 Rue des Martyrs, Paris',
  userCompanyName: 'Fontaine & Co',
  userCompanyVAT: 'FR40123456789',
  customerName: "Jonas O'Berg",
  customerEmail: 'jonas@nordlys.coffee',
  customerAddress: 'Gotgatan 48, Stockholm',
  customerCompanyName: 'Nordlys AB',
  customerCompanyVAT: '',
  invoiceNumber: 'INV-001',
  currency: 'EUR',
  taxRate: 20,
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  items: [{ description: 'Logo design', quantity: 2, unitPrice: '950.50' }],
  notes: 'Thank you!',
  termsAndConditions: 'Due in 30 days.',
};
const parts = {
  logo: null,
  paymentMethod: null,
  template: { id: 'classic', name: 'Classic', componentName: 'classic' },
};
const submit = (extra: Record<string, unknown> = {}) =>
  invoiceSubmitSchema.parse({ ...validForm, templateId: 'classic', ...extra });
const errorsOf = (extra: Record<string, unknown>) => {
  const result = invoiceSubmitSchema.safeParse({ ...validForm, templateId: 'classic', ...extra });
  return result.success ? {} : fieldErrors(result.error);
};

describe('the e-invoice details of the submit payload', () => {
  it('the spec form alone is valid input: pieces, standard rate, delivered on the issue date, a business', () => {
    const record = invoiceContentFrom(submit(), parts);
    expect(record.eInvoice.items).toEqual([
      { description: 'Logo design', quantity: 20000, unit: 'C62', unitPrice: 95050, vat: null },
    ]);
    expect(record.eInvoice.vat).toEqual({ category: 'S', rate: 2000, exemption: null });
    expect(record.eInvoice.delivery).toEqual({ kind: 'date', date: '2025-03-14' });
    expect(record.eInvoice.customer.type).toBe('business');
    expect(record.eInvoice.seller.address).toEqual({
      lines: ['12 Rue des Martyrs, Paris'],
      postCode: '',
      city: '',
      region: '',
      country: null,
    });
    // The spec's figures are the model's, computed once.
    expect([record.subtotal, record.tax, record.total]).toEqual([190100, 38020, 228120]);
    expect(record.items[0]?.total).toBe(190100);
  });

  it('a line in hours takes a decimal quantity; the amount is exact', () => {
    const record = invoiceContentFrom(
      submit({ items: [{ description: 'Consulting', quantity: '1.5', unit: 'HUR', unitPrice: '80.10' }] }),
      parts,
    );
    expect(record.eInvoice.items[0]).toMatchObject({ quantity: 15000, unit: 'HUR', unitPrice: 8010 });
    expect(record.items[0]).toEqual({
      description: 'Consulting',
      quantity: 1.5,
      unitPrice: 8010,
      total: 12015,
    });
    expect(record.total).toBe(12015 + 2403);
  });

  it("pieces keep the spec's whole-number rule; other units say what is wrong", () => {
    expect(errorsOf({ items: [{ description: 'Logo design', quantity: '1.5', unitPrice: 1 }] })).toEqual({
      'items.0.quantity': invoiceMessages.quantityWhole,
    });
    expect(
      errorsOf({ items: [{ description: 'Logo design', quantity: '0.12345', unit: 'HUR', unitPrice: 1 }] }),
    ).toEqual({ 'items.0.quantity': 'Quantity can have at most 4 decimals' });
    expect(
      errorsOf({ items: [{ description: 'Logo design', quantity: '0', unit: 'DAY', unitPrice: 1 }] }),
    ).toEqual({ 'items.0.quantity': 'Quantity must be greater than 0' });
    expect(
      errorsOf({ items: [{ description: 'Logo design', quantity: '1', unit: 'XYZ', unitPrice: 1 }] }),
    ).toHaveProperty(['items.0.unit'], eInvoiceDetailMessages.unitInvalid);
  });

  it('a country outside the list is refused with its message', () => {
    expect(errorsOf({ eInvoice: { customer: { address: { country: 'XX' } } } })).toEqual({
      'eInvoice.customer.address.country': eInvoiceDetailMessages.countryInvalid,
    });
  });

  it('an EU reverse-charge service and a §19 small business are expressible, and ready', () => {
    const reverse = invoiceContentFrom(
      submit({
        taxRate: 0,
        customerCompanyVAT: 'FR40123456789',
        userCompanyVAT: 'DE123456789',
        eInvoice: {
          vat: { category: 'AE' },
          seller: {
            address: { lines: ['Torstraße 12'], postCode: '10119', city: 'Berlin', country: 'DE' },
          },
          customer: {
            address: { lines: ['1 Rue de Rivoli'], postCode: '75001', city: 'Paris', country: 'fr' },
          },
        },
      }),
      parts,
    );
    expect(eInvoiceReadiness(reverse.eInvoice, 'en16931')).toEqual([]);
    expect(computeEInvoiceTotals(reverse.eInvoice).vatBreakdown[0]?.exemption?.code).toBe('VATEX-EU-AE');

    const small = invoiceContentFrom(
      submit({
        taxRate: 0,
        userCompanyVAT: '',
        eInvoice: {
          vat: {
            category: 'E',
            exemption: { text: 'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG' },
          },
          seller: {
            address: { lines: ['Torstraße 12'], postCode: '10119', city: 'Berlin', country: 'DE' },
            taxNumber: '30/123/45678',
          },
          customer: {
            address: { lines: ['Hafenstraße 5'], postCode: '20457', city: 'Hamburg', country: 'DE' },
          },
          delivery: { kind: 'period', start: '2025-02-01', end: '2025-02-28' },
        },
      }),
      parts,
    );
    expect(eInvoiceReadiness(small.eInvoice, 'en16931')).toEqual([]);
    expect(small.eInvoice.delivery).toEqual({ kind: 'period', start: '2025-02-01', end: '2025-02-28' });
  });

  it("the seller's structured details come from the profile when the form's address is the profile's", () => {
    const profile = {
      companyAddress: '12 Rue des Martyrs, Paris',
      postalAddress: {
        lines: ['12 Rue des Martyrs'],
        postCode: '75009',
        city: 'Paris',
        region: '',
        country: 'FR' as const,
      },
      phone: '+33 1 23 45 67 89',
      taxNumber: null,
    };
    const record = invoiceContentFrom(submit(), { ...parts, seller: profile });
    expect(record.eInvoice.seller).toMatchObject({
      address: profile.postalAddress,
      phone: '+33 1 23 45 67 89',
    });
    const elsewhere = invoiceContentFrom(submit({ userAddress: '3 Quai Voltaire, Paris' }), {
      ...parts,
      seller: profile,
    });
    expect(elsewhere.eInvoice.seller.address.country).toBeNull();
  });
});

describe('version 2 of the invoice and settings events', () => {
  const v1 = invoiceContentFrom(submit(), parts);
  const { eInvoice: _model, ...v1Content } = v1;

  it('an InvoiceIssued written as v1 reads as v2 with the model eInvoiceFromV1 states', () => {
    const event = readEvent({
      type: 'InvoiceIssued',
      schemaVersion: 1,
      data: { ...v1Content, invoiceId: 'i1', userId: 'u1', status: 'Draft' },
    });
    if (event.type !== 'InvoiceIssued') throw new Error(event.type);
    expect(event.data.number).toBe('INV-001');
    expect(event.data.eInvoice.items[0]).toMatchObject({ quantity: 20000, unit: 'C62' });
    expect(event.data.eInvoice.delivery).toBeNull();
    expect(event.data.eInvoice.seller.address.country).toBeNull();
  });

  it('an InvoiceRevised written as v2 reads as written', () => {
    const data = { ...v1, invoiceId: 'i1', userId: 'u1' };
    const event = readEvent({ type: 'InvoiceRevised', schemaVersion: 2, data });
    expect(event.data).toEqual(data);
  });

  it('a UserSettingsChanged written as v1 gets its address as lines, no phone and no tax number', () => {
    const event = readEvent({
      type: 'UserSettingsChanged',
      schemaVersion: 1,
      data: {
        userId: 'u1',
        name: null,
        defaultDueDays: null,
        companyEmail: '',
        companyAddress: 'Torstraße 12\n10119 Berlin',
        companyName: 'Schmidt',
        companyVat: null,
        defaultCurrency: 'EUR',
      },
    });
    expect(event.data).toMatchObject({
      companyPostalAddress: {
        lines: ['Torstraße 12', '10119 Berlin'],
        postCode: '',
        city: '',
        region: '',
        country: null,
      },
      companyPhone: '',
      companyTaxNumber: null,
    });
  });
});
