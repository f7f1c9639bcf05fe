import { type Client, clientSchema, type Item } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import type { ItemForm } from '../invoices/wizardMachine';
import { clientToWizardFields, itemToWizardLine } from './toWizard';

const client: Client = clientSchema.parse({
  id: 'c1',
  version: 3,
  archived: false,
  companyName: 'Müller Design GmbH',
  contactName: 'Anna Müller',
  email: 'anna@mueller.example',
  ccEmails: [],
  address: { street: 'Hauptstraße 1', postCode: '10115', city: 'Berlin', country: 'DE' },
  vatId: 'DE123456789',
  taxNumber: '',
  type: 'business',
  buyerReference: '04011000-12345-67',
  electronicAddress: 'invoices@mueller.example',
  language: 'de',
  currency: 'EUR',
  paymentTermsDays: 14,
  vatCategory: 'S',
  vatRate: 1900,
  notes: '',
});

const item: Item = {
  id: 'i1',
  version: 1,
  name: 'Design work',
  description: '',
  unit: 'HUR',
  price: '85.50',
  priceMinor: 8550,
  currency: 'EUR',
  vatCategory: 'S',
  vatRate: 1900,
};

describe('a client in the wizard', () => {
  it("fills the spec's customer fields, the e-invoice details and the due date from the terms", () => {
    expect(clientToWizardFields(client, '2026-12-20')).toEqual({
      customerName: 'Anna Müller',
      customerEmail: 'anna@mueller.example',
      customerCompanyName: 'Müller Design GmbH',
      customerCompanyVAT: 'DE123456789',
      customerAddress: 'Hauptstraße 1, 10115 Berlin, Germany',
      eInvoiceCustomer: {
        type: 'business',
        address: { lines: ['Hauptstraße 1'], postCode: '10115', city: 'Berlin', country: 'DE' },
        buyerReference: '04011000-12345-67',
        electronicAddress: 'invoices@mueller.example',
      },
      dueDate: '2027-01-03',
      currency: 'EUR',
      taxRate: 19,
    });
  });

  it("strips what the spec's fields refuse, and leaves the due date to the form without terms", () => {
    const fields = clientToWizardFields(
      { ...client, companyName: 'A<script>&B', contactName: '', paymentTermsDays: null, vatRate: null },
      '2026-12-20',
    );
    expect(fields.customerCompanyName).toBe('Ascript&B');
    expect(fields.customerCompanyName).not.toMatch(/[<>]/);
    expect(fields.customerName).not.toMatch(/[<>]/);
    expect(fields).not.toHaveProperty('dueDate');
    expect(fields).not.toHaveProperty('taxRate');
  });
});

describe('a catalogue item in the wizard', () => {
  it('makes a line with its unit, price and VAT, in the shape the wizard holds', () => {
    const made = itemToWizardLine(item, 'EUR');
    // Fails to compile when the wizard's line drifts from what the helper makes.
    const asWizardLine: ItemForm | null = made.ok ? made.line : null;
    expect(asWizardLine?.unit).toBe('HUR');
    expect(made).toEqual({
      ok: true,
      line: {
        description: 'Design work',
        quantity: '1',
        unitPrice: '85.50',
        unit: 'HUR',
        vat: { category: 'S', rate: 1900, exemption: null },
      },
    });
  });

  it('refuses an item priced in USD on a EUR invoice, with a message, never converting', () => {
    expect(itemToWizardLine({ ...item, currency: 'USD', price: '90.00' }, 'EUR')).toEqual({
      ok: false,
      message:
        "Design work is priced in USD; this invoice is in EUR. Change the invoice's currency or the item's price.",
    });
  });
});
