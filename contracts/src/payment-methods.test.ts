import { describe, expect, it } from 'vitest';
import {
  groupIban,
  isValidIban,
  isValidSwift,
  paymentMethodMessages as m,
  paymentMethodFormSchema,
} from './payment-methods.js';
import { fieldErrors } from './validation.js';

const errorsOf = (input: unknown) => {
  const result = paymentMethodFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('payment method form', () => {
  it('requires a name and a type', () => {
    expect(errorsOf({})).toEqual({ name: m.nameRequired, type: m.typeRequired });
    expect(errorsOf({ name: '   ', type: 'cash' })).toEqual({ name: m.nameRequired, type: m.typeRequired });
  });

  it('checks the IBAN by its mod-97 checksum and stores it compact, upper case', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('fr76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    const parsed = paymentMethodFormSchema.parse({
      name: 'Main',
      type: 'bank_transfer',
      iban: 'de89 3704 0044 0532 0130 00',
      swift: 'deut de ff 500',
    });
    expect(parsed).toMatchObject({ iban: 'DE89370400440532013000', swift: 'DEUTDEFF500' });
    expect(errorsOf({ name: 'Main', type: 'bank_transfer', iban: 'DE89 3704 0044 0532 0130 01' })).toEqual({
      iban: m.ibanChecksum,
    });
    expect(errorsOf({ name: 'Main', type: 'bank_transfer', iban: '1234' })).toEqual({ iban: m.ibanFormat });
  });

  it('checks SWIFT/BIC by its format: 8 or 11 characters', () => {
    expect(isValidSwift('DEUTDEFF')).toBe(true);
    expect(isValidSwift('DEUTDEFF500')).toBe(true);
    expect(errorsOf({ name: 'Main', type: 'bank_transfer', swift: 'DEUTDEF' })).toEqual({
      swift: m.swiftInvalid,
    });
    expect(errorsOf({ name: 'Main', type: 'bank_transfer', swift: '1EUTDEFF' })).toEqual({
      swift: m.swiftInvalid,
    });
  });

  it('wants an https link for a digital method', () => {
    expect(errorsOf({ name: 'PayPal', type: 'digital', paymentLink: 'http://paypal.me/ada' })).toEqual({
      paymentLink: m.paymentLinkInvalid,
    });
    expect(errorsOf({ name: 'PayPal', type: 'digital', paymentLink: 'paypal.me/ada' })).toEqual({
      paymentLink: m.paymentLinkInvalid,
    });
    expect(errorsOf({ name: 'PayPal', type: 'digital', paymentLink: 'https://paypal.me/ada' })).toEqual({});
  });

  it("keeps only the fields of the method's type", () => {
    expect(
      paymentMethodFormSchema.parse({
        name: 'PayPal',
        type: 'digital',
        iban: 'not checked',
        paymentLink: 'https://paypal.me/ada',
        instructions: 'Quote the invoice number',
      }),
    ).toEqual({
      name: 'PayPal',
      type: 'digital',
      bankName: '',
      accountNumber: '',
      iban: '',
      swift: '',
      paymentLink: 'https://paypal.me/ada',
      instructions: 'Quote the invoice number',
    });
  });

  it('groups an IBAN in fours for print', () => {
    expect(groupIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
