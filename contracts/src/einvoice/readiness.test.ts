import { describe, expect, it } from 'vitest';
import type { InvoiceContent } from '../events/invoices.js';
import { eInvoiceFromV1 } from './from-v1.js';
import { SMALL_BUSINESS_EXEMPTION_DE } from './legal-texts.js';
import { eInvoiceSchema } from './model.js';
import { eInvoiceReadiness, isEInvoiceReady } from './readiness.js';
import { sampleEInvoice } from './sample.js';
import { computeEInvoiceTotals } from './totals.js';

const messages = (...args: Parameters<typeof eInvoiceReadiness>) =>
  eInvoiceReadiness(...args).map((entry) => entry.message);

describe('eInvoiceReadiness', () => {
  it('passes a complete invoice for both formats', () => {
    const invoice = eInvoiceSchema.parse(sampleEInvoice());
    expect(eInvoiceReadiness(invoice, 'en16931')).toEqual([]);
    expect(eInvoiceReadiness(invoice, 'xrechnung')).toEqual([]);
  });

  it('names a missing country and a missing delivery date with their business terms', () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      seller: { ...base.seller, address: { ...base.seller.address, country: null } },
      delivery: null,
    });
    expect(eInvoiceReadiness(invoice, 'en16931')).toEqual([
      { term: 'BT-40', field: 'seller.address.country', message: 'Seller country (BT-40) is missing' },
      {
        term: 'BT-72',
        field: 'delivery',
        message: 'Delivery date or service period (BT-72 / BG-14) is missing',
      },
    ]);
  });

  it('asks XRechnung for the buyer reference, full addresses and the seller contact', () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      seller: { ...base.seller, phone: '', address: { ...base.seller.address, city: '' } },
      customer: {
        ...base.customer,
        buyerReference: null,
        address: { ...base.customer.address, postCode: '' },
      },
    });
    expect(isEInvoiceReady(invoice, 'en16931')).toBe(true);
    expect(messages(invoice, 'xrechnung')).toEqual([
      'Buyer reference (BT-10) is missing: a public body gives its Leitweg-ID',
      'Seller city (BT-37) is missing',
      'Customer post code (BT-53) is missing',
      'Seller phone number (BT-42) is missing',
    ]);
  });

  it('refuses 3-decimal currencies with the reason, whatever else is missing', () => {
    for (const currency of ['KWD', 'BHD', 'OMR', 'JOD', 'IQD'] as const) {
      expect(messages(sampleEInvoice({ currency, delivery: null }), 'en16931')).toEqual([
        `E-invoices cannot be issued in ${currency}: EN 16931 allows amounts with at most 2 decimals and ${currency} has 3. The PDF invoice is not affected.`,
      ]);
    }
  });

  it('needs both VAT numbers for reverse charge', () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      vat: { category: 'AE', rate: 0, exemption: null },
      seller: { ...base.seller, vatId: null },
      customer: { ...base.customer, vatId: null },
    });
    expect(messages(invoice, 'en16931')).toEqual([
      'Seller VAT number (BT-31) is missing: reverse charge needs it',
      'Customer VAT number (BT-48) is missing: reverse charge needs it',
    ]);
  });

  it('accepts a §19 UStG small business with a tax number and the exemption text, and asks for the text otherwise', () => {
    const base = sampleEInvoice();
    const seller = { ...base.seller, vatId: null };
    const exempt = sampleEInvoice({
      seller,
      vat: { category: 'E', rate: 0, exemption: { code: null, text: SMALL_BUSINESS_EXEMPTION_DE } },
    });
    expect(eInvoiceReadiness(exempt, 'xrechnung')).toEqual([]);
    const noReason = sampleEInvoice({ seller, vat: { category: 'E', rate: 0, exemption: null } });
    expect(messages(noReason, 'en16931')).toEqual([
      'VAT exemption reason (BT-120) is missing: say why the invoice is exempt',
    ]);
    const noTaxId = sampleEInvoice({ seller: { ...seller, taxNumber: null }, vat: exempt.vat });
    expect(messages(noTaxId, 'en16931')).toEqual([
      'Seller VAT number (BT-31) or tax number (BT-32) is missing',
    ]);
  });

  it('checks rates against categories, per line too', () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      vat: { category: 'S', rate: 0, exemption: null },
      items: [base.items[0]!, { ...base.items[1]!, vat: { category: 'Z', rate: 700, exemption: null } }],
    });
    expect(messages(invoice, 'en16931')).toEqual([
      'Standard-rated VAT needs a rate above 0%',
      'Zero rated means a VAT rate of 0%',
    ]);
  });

  it('does not mix not-subject-to-VAT with other categories', () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      items: [base.items[0]!, { ...base.items[1]!, vat: { category: 'O', rate: 0, exemption: null } }],
    });
    expect(messages(invoice, 'en16931')).toEqual([
      'Not subject to VAT cannot be combined with other VAT categories on one invoice',
    ]);
  });

  it('ignores the invoice-level VAT when every line has its own', () => {
    const base = sampleEInvoice();
    const own = { category: 'S' as const, rate: 700, exemption: null };
    const invoice = sampleEInvoice({
      vat: { category: null, rate: 0, exemption: null },
      items: base.items.map((item) => ({ ...item, vat: own })),
    });
    expect(eInvoiceReadiness(invoice, 'en16931')).toEqual([]);
  });

  it('needs an account for a bank transfer', () => {
    const invoice = sampleEInvoice({
      paymentMethod: {
        type: 'bank_transfer',
        name: 'Bank',
        bankName: '',
        iban: '',
        bic: '',
        accountNumber: '',
      },
    });
    expect(messages(invoice, 'en16931')).toEqual(['IBAN (BT-84) is missing for the bank transfer']);
  });

  it('checks the VAT number has its country prefix', () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({ seller: { ...base.seller, vatId: '123456789' } });
    expect(messages(invoice, 'en16931')).toEqual([
      'Seller VAT number (BT-31) must start with its two-letter country code, e.g. DE123456789',
    ]);
  });
});

const v1: InvoiceContent = {
  number: 'INV-0007',
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  currency: 'EUR',
  taxRate: 2000,
  items: [
    { description: 'Logo design', quantity: 2, unitPrice: 120050, total: 240100 },
    { description: 'Hosting', quantity: 1, unitPrice: 999, total: 999 },
  ],
  subtotal: 241099,
  tax: 48220,
  total: 289319,
  seller: {
    name: 'Lea Fontaine',
    email: 'lea@studio.fr',
    address: '12 Rue des Martyrs\n75009 Paris\nFrance',
    companyName: 'Fontaine Studio',
    vatId: 'FR40 123456789',
  },
  customer: {
    name: 'Jonas Oberg',
    email: 'ap@nordlys.se',
    address: 'Gotgatan 48, Stockholm',
    companyName: 'Nordlys AB',
    vatId: null,
  },
  notes: 'Thanks',
  terms: '',
  logo: null,
  paymentMethod: {
    id: 'pm1',
    name: 'Bank transfer',
    type: 'bank_transfer',
    iban: 'FR7630006000011234567890189',
    swift: 'BNPAFRPPXXX',
  },
  template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
};

describe('eInvoiceFromV1', () => {
  it('keeps what the invoice said and adds no legal statement', () => {
    const invoice = eInvoiceSchema.parse(eInvoiceFromV1(v1));
    expect(invoice.seller.address).toEqual({
      lines: ['12 Rue des Martyrs', '75009 Paris', 'France'],
      postCode: '',
      city: '',
      region: '',
      country: null,
    });
    expect(invoice.customer.address.lines).toEqual(['Gotgatan 48, Stockholm']);
    expect(invoice.seller.vatId).toBe('FR40 123456789');
    expect(invoice.items).toEqual([
      { description: 'Logo design', quantity: 20000, unit: 'C62', unitPrice: 120050, vat: null },
      { description: 'Hosting', quantity: 10000, unit: 'C62', unitPrice: 999, vat: null },
    ]);
    expect(invoice.vat).toEqual({ category: 'S', rate: 2000, exemption: null });
    expect(invoice.customer.type).toBe('business');
    expect(invoice.delivery).toBeNull();
    expect(invoice.paymentMethod).toEqual({
      type: 'bank_transfer',
      name: 'Bank transfer',
      bankName: '',
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPPXXX',
      accountNumber: '',
    });
  });

  it('computes the same totals v1 stored', () => {
    const totals = computeEInvoiceTotals(eInvoiceFromV1(v1));
    expect(totals.lineNet).toEqual(v1.items.map((item) => item.total));
    expect([totals.lineTotal, totals.taxTotal, totals.grandTotal]).toEqual([v1.subtotal, v1.tax, v1.total]);
  });

  it('leaves the VAT category of a tax-free v1 invoice for the seller to state', () => {
    const invoice = eInvoiceFromV1({ ...v1, taxRate: 0 });
    expect(invoice.vat).toEqual({ category: null, rate: 0, exemption: null });
    expect(messages(invoice, 'en16931')).toEqual([
      'Seller country (BT-40) is missing',
      'Customer country (BT-55) is missing',
      'VAT category (BT-151) is missing: say why no VAT is charged (zero rated, exempt, reverse charge …)',
      'Delivery date or service period (BT-72 / BG-14) is missing',
    ]);
  });

  it('keeps at most three address lines, folding the rest into the third', () => {
    const invoice = eInvoiceFromV1({ ...v1, seller: { ...v1.seller, address: 'a\nb\nc\nd\n\ne' } });
    expect(invoice.seller.address.lines).toEqual(['a', 'b', 'c, d, e']);
  });
});
