import { eInvoiceDetailMessages } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { validate } from '../forms/formMachine';
import { profileFormSchema, toProfileFormValues } from './profileForm';

describe('the profile form', () => {
  it("makes the spec's CompanyAddress line from the one address entry, and keeps an old line as it was", () => {
    const parsed = profileFormSchema.parse({
      ...toProfileFormValues(undefined),
      'Settings.CompanyPostalAddress.lines.0': 'Torstraße 12',
      'Settings.CompanyPostalAddress.postCode': '10119',
      'Settings.CompanyPostalAddress.city': 'Berlin',
      'Settings.CompanyPostalAddress.country': 'DE',
    });
    expect(parsed.Settings?.CompanyAddress).toBe('Torstraße 12, 10119 Berlin, Germany');
    const old = toProfileFormValues({
      Name: 'Ada',
      DefaultDueDays: null,
      Settings: {
        CompanyEmail: '',
        CompanyAddress: '1 Navy Yard, Arlington',
        CompanyName: '',
        DefaultCurrency: 'USD',
        UserCompanyVAT: null,
        LogoURL: null,
      },
    });
    expect(profileFormSchema.parse(old).Settings?.CompanyAddress).toBe('1 Navy Yard, Arlington');
  });

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
