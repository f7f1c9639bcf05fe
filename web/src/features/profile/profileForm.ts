import {
  type AddressEntry,
  addressEntryOf,
  addressLine,
  postalAddressOfEntry,
  type SettingsUpdateInput,
  settingsUpdateSchema,
  type UserSettings,
} from '@remit/contracts';
import { z } from 'zod';
import { createFormMachine } from '../forms/formMachine';
import { profileMessages } from './messages';

/**
 * The profile form: flat text inputs named by their `PUT /settings` paths, so the contracts'
 * `settingsUpdateSchema` checks them (spec §5 VAT rule and message) and the server's `fields`
 * land on the same inputs.
 */
const profileInputs = z.object({
  'Settings.CompanyName': z.string(),
  'Settings.UserCompanyVAT': z.string(),
  'Settings.CompanyEmail': z.string(),
  'Settings.DefaultCurrency': z.string(),
  DefaultDueDays: z.string(),
  // The company's address, asked once (issue 34, item 6): the spec's `CompanyAddress` line is made from it.
  'Settings.CompanyPostalAddress.lines.0': z.string(),
  'Settings.CompanyPostalAddress.postCode': z.string(),
  'Settings.CompanyPostalAddress.city': z.string(),
  'Settings.CompanyPostalAddress.country': z.string(),
  'Settings.CompanyPhone': z.string(),
  'Settings.CompanyTaxNumber': z.string(),
});
export type ProfileFormValues = z.infer<typeof profileInputs>;

/** The address parts' inputs: a change to any of them is a change to the `CompanyAddress` line made from them. */
export const companyAddressParts = {
  street: 'Settings.CompanyPostalAddress.lines.0',
  postCode: 'Settings.CompanyPostalAddress.postCode',
  city: 'Settings.CompanyPostalAddress.city',
  country: 'Settings.CompanyPostalAddress.country',
} as const satisfies Record<keyof AddressEntry, keyof ProfileFormValues>;

function addressEntryIn(values: ProfileFormValues): AddressEntry {
  const path = companyAddressParts;
  return {
    street: values[path.street],
    postCode: values[path.postCode],
    city: values[path.city],
    country: values[path.country],
  };
}

function toSettingsUpdate(values: ProfileFormValues): SettingsUpdateInput {
  const dueDays = values.DefaultDueDays.trim();
  return {
    DefaultDueDays: dueDays === '' ? null : Number(dueDays),
    Settings: {
      CompanyName: values['Settings.CompanyName'],
      UserCompanyVAT: values['Settings.UserCompanyVAT'],
      CompanyEmail: values['Settings.CompanyEmail'],
      CompanyAddress: addressLine(addressEntryIn(values)),
      DefaultCurrency: values['Settings.DefaultCurrency'],
      CompanyPostalAddress: postalAddressOfEntry(addressEntryIn(values)),
      CompanyPhone: values['Settings.CompanyPhone'],
      CompanyTaxNumber: values['Settings.CompanyTaxNumber'],
    },
  };
}

export const profileFormSchema = profileInputs.transform(toSettingsUpdate).pipe(settingsUpdateSchema);

export function toProfileFormValues(settings: UserSettings | undefined): ProfileFormValues {
  const address = addressEntryOf(settings?.Settings.CompanyPostalAddress, settings?.Settings.CompanyAddress);
  return {
    'Settings.CompanyName': settings?.Settings.CompanyName ?? '',
    'Settings.UserCompanyVAT': settings?.Settings.UserCompanyVAT ?? '',
    'Settings.CompanyEmail': settings?.Settings.CompanyEmail ?? '',
    'Settings.DefaultCurrency': settings?.Settings.DefaultCurrency || 'USD',
    DefaultDueDays: settings?.DefaultDueDays == null ? '' : String(settings.DefaultDueDays),
    'Settings.CompanyPostalAddress.lines.0': address.street,
    'Settings.CompanyPostalAddress.postCode': address.postCode,
    'Settings.CompanyPostalAddress.city': address.city,
    'Settings.CompanyPostalAddress.country': address.country,
    'Settings.CompanyPhone': settings?.Settings.CompanyPhone ?? '',
    'Settings.CompanyTaxNumber': settings?.Settings.CompanyTaxNumber ?? '',
  };
}

export const profileFormMachine = createFormMachine({
  id: 'profile',
  schema: profileFormSchema,
  initialValues: toProfileFormValues(undefined),
  defaultError: profileMessages.profileUpdateFailed,
});
