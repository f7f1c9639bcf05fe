import { eInvoiceDetailMessages } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { validate } from '../forms/formMachine';
import { profileFormSchema, toProfileFormValues } from './profileForm';

describe('the profile form', () => {
  it('puts a message about a part of the postal address on that part’s input', () => {
    const values = {
      ...toProfileFormValues(undefined),
      'Settings.CompanyName': 'Schmidt Design',
      'Settings.CompanyPostalAddress.lines.0': 'Torstraße 12',
      'Settings.CompanyPostalAddress.postCode': '1'.repeat(21),
      'Settings.CompanyPostalAddress.city': 'Berlin',
      'Settings.CompanyPostalAddress.country': 'DE',
    };
    const errors = validate(profileFormSchema, values);
    expect(errors).toEqual({
      'Settings.CompanyPostalAddress.postCode': eInvoiceDetailMessages.postCodeTooLong,
    });
    expect(Object.keys(errors).every((name) => name in values)).toBe(true);
    expect(
      validate(profileFormSchema, { ...values, 'Settings.CompanyPostalAddress.postCode': '10119' }),
    ).toEqual({});
  });
});
