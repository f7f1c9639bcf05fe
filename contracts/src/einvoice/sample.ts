import type { EInvoice } from './model.js';
import { parseQuantity } from './quantity.js';

/**
 * A complete e-invoice: a German design studio billing a German company at 19% for a service period, paid by
 * SEPA transfer. It is ready for every format (XRechnung included), so tests and benchmarks start from it and
 * change what their case is about.
 */
export function sampleEInvoice(overrides: Partial<EInvoice> = {}): EInvoice {
  return {
    typeCode: '380',
    precedingInvoice: null,
    language: 'en',
    number: 'RE-2025-0042',
    issueDate: '2025-03-14',
    dueDate: '2025-04-13',
    currency: 'EUR',
    seller: {
      name: 'Anna Schmidt',
      companyName: 'Schmidt Design GmbH',
      email: 'anna@schmidt-design.de',
      phone: '+49 30 1234567',
      address: { lines: ['Torstraße 12'], postCode: '10119', city: 'Berlin', region: '', country: 'DE' },
      vatId: 'DE123456789',
      taxNumber: '30/123/45678',
      electronicAddress: null,
    },
    customer: {
      type: 'business',
      name: 'Jonas Weber',
      companyName: 'Weber Logistik AG',
      email: 'rechnung@weber-logistik.de',
      phone: '',
      address: { lines: ['Hafenstraße 5'], postCode: '20457', city: 'Hamburg', region: '', country: 'DE' },
      vatId: 'DE987654321',
      buyerReference: 'PO-7781',
      electronicAddress: null,
    },
    items: [
      {
        description: 'Brand workshop',
        quantity: parseQuantity('2'),
        unit: 'DAY',
        unitPrice: 95000,
        vat: null,
      },
      {
        description: 'Design and development',
        quantity: parseQuantity('36.5'),
        unit: 'HUR',
        unitPrice: 8500,
        vat: null,
      },
      {
        description: 'Stock photography licences',
        quantity: parseQuantity('12'),
        unit: 'C62',
        unitPrice: 2900,
        vat: null,
      },
    ],
    vat: { category: 'S', rate: 1900, exemption: null },
    delivery: { kind: 'period', start: '2025-02-01', end: '2025-02-28' },
    paymentMethod: {
      type: 'bank_transfer',
      name: 'Bank transfer',
      bankName: 'Berliner Sparkasse',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountNumber: '',
    },
    paymentTerms: '',
    notes: 'Thank you for your business.',
    terms: 'Payment within 30 days without deduction.',
    ...overrides,
  };
}
