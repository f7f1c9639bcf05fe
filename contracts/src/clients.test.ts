import { describe, expect, it } from 'vitest';
import { clientFormSchema, clientMessages as m } from './clients.js';
import { itemFormSchema, itemMessages } from './items.js';
import { fieldErrors } from './validation.js';

const errorsOf = (schema: typeof clientFormSchema | typeof itemFormSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the client form schema', () => {
  it('needs a company or a contact name, and fills every absent detail with its default', () => {
    expect(errorsOf(clientFormSchema, {})).toEqual({ companyName: m.nameRequired });
    expect(clientFormSchema.parse({ contactName: 'Ada' })).toMatchObject({
      companyName: '',
      email: '',
      ccEmails: [],
      address: { street: '', postCode: '', city: '', country: '' },
      type: 'business',
      language: 'en',
      currency: null,
      paymentTermsDays: null,
      vatCategory: null,
      vatRate: null,
    });
  });

  it('keeps names in any script, and refuses control characters and huge strings field by field', () => {
    expect(clientFormSchema.parse({ companyName: '株式会社 東京', contactName: 'Ελένη Π.' })).toMatchObject({
      companyName: '株式会社 東京',
    });
    expect(clientFormSchema.parse({ companyName: '<script>alert(1)</script>' }).companyName).toBe(
      '<script>alert(1)</script>',
    );
    expect(errorsOf(clientFormSchema, { companyName: 'A\u0000B' })).toEqual({
      companyName: m.controlCharacters,
    });
    expect(errorsOf(clientFormSchema, { companyName: 'x'.repeat(100_000), notes: 'y'.repeat(5000) })).toEqual(
      {
        companyName: m.companyNameTooLong,
        notes: m.notesTooLong,
      },
    );
  });

  it('answers each wrong detail with its own message', () => {
    expect(
      errorsOf(clientFormSchema, {
        companyName: 'Acme',
        email: 'not-an-email',
        ccEmails: ['ok@example.com', 'nope'],
        address: { country: 'XX' },
        language: 'pt',
        currency: 'EURO',
        paymentTermsDays: 14.5,
        vatRate: '19.555',
      }),
    ).toEqual({
      email: m.emailInvalid,
      'ccEmails.1': m.ccInvalid,
      'address.country': m.countryInvalid,
      language: m.languageInvalid,
      currency: m.currencyInvalid,
      paymentTermsDays: m.paymentTermsInvalid,
      vatRate: m.vatRateInvalid,
    });
  });

  it('reads a typed rate as basis points and the terms as days', () => {
    expect(
      clientFormSchema.parse({ companyName: 'A', vatRate: '7,5', paymentTermsDays: '30' }),
    ).toMatchObject({
      vatRate: 750,
      paymentTermsDays: 30,
    });
  });
});

describe('the catalogue item form schema', () => {
  it("reads the price by the currency's decimals and never rounds", () => {
    expect(itemFormSchema.parse({ name: 'Consulting', price: '1.234', currency: 'KWD' }).priceMinor).toBe(
      1234,
    );
    expect(itemFormSchema.parse({ name: 'Consulting', price: '1200', currency: 'JPY' }).priceMinor).toBe(
      1200,
    );
    expect(errorsOf(itemFormSchema, { name: 'Consulting', price: '10.5051', currency: 'EUR' })).toEqual({
      price: 'Price can have at most 2 decimals in EUR',
    });
    expect(errorsOf(itemFormSchema, { name: '', price: '-1', currency: 'EUR' })).toMatchObject({
      name: itemMessages.nameRequired,
    });
    expect(errorsOf(itemFormSchema, { name: 'A', price: '-1', currency: 'EUR' })).toEqual({
      price: itemMessages.priceNegative,
    });
  });
});
