import { type SettingsUpdateInput, settingsUpdateSchema, type UserSettings } from '@remit/contracts';
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
  'Settings.CompanyAddress': z.string(),
  'Settings.DefaultCurrency': z.string(),
  DefaultDueDays: z.string(),
  // The company's e-invoice details (issue 15): structured address, phone, tax number.
  'Settings.CompanyPostalAddress.lines.0': z.string(),
  'Settings.CompanyPostalAddress.postCode': z.string(),
  'Settings.CompanyPostalAddress.city': z.string(),
  'Settings.CompanyPostalAddress.country': z.string(),
  'Settings.CompanyPhone': z.string(),
  'Settings.CompanyTaxNumber': z.string(),
});
export type ProfileFormValues = z.infer<typeof profileInputs>;

function toSettingsUpdate(values: ProfileFormValues): SettingsUpdateInput {
  const dueDays = values.DefaultDueDays.trim();
  return {
    DefaultDueDays: dueDays === '' ? null : Number(dueDays),
    Settings: {
      CompanyName: values['Settings.CompanyName'],
      UserCompanyVAT: values['Settings.UserCompanyVAT'],
      CompanyEmail: values['Settings.CompanyEmail'],
      CompanyAddress: values['Settings.CompanyAddress'],
      DefaultCurrency: values['Settings.DefaultCurrency'],
      ...postalAddressOf(values),
      CompanyPhone: values['Settings.CompanyPhone'],
      CompanyTaxNumber: values['Settings.CompanyTaxNumber'],
    },
  };
}

/** The structured address when any part of it is filled in; else nothing (what is on file stays). */
function postalAddressOf(values: ProfileFormValues) {
  const address = {
    lines: [values['Settings.CompanyPostalAddress.lines.0']],
    postCode: values['Settings.CompanyPostalAddress.postCode'],
    city: values['Settings.CompanyPostalAddress.city'],
    country: values['Settings.CompanyPostalAddress.country'] || null,
  };
  const given = [...address.lines, address.postCode, address.city, address.country].some((part) =>
    part?.trim(),
  );
  return given ? { CompanyPostalAddress: address } : {};
}

export const profileFormSchema = profileInputs.transform(toSettingsUpdate).pipe(settingsUpdateSchema);

export function toProfileFormValues(settings: UserSettings | undefined): ProfileFormValues {
  const postal = settings?.Settings.CompanyPostalAddress;
  return {
    'Settings.CompanyName': settings?.Settings.CompanyName ?? '',
    'Settings.UserCompanyVAT': settings?.Settings.UserCompanyVAT ?? '',
    'Settings.CompanyEmail': settings?.Settings.CompanyEmail ?? '',
    'Settings.CompanyAddress': settings?.Settings.CompanyAddress ?? '',
    'Settings.DefaultCurrency': settings?.Settings.DefaultCurrency || 'USD',
    DefaultDueDays: settings?.DefaultDueDays == null ? '' : String(settings.DefaultDueDays),
    'Settings.CompanyPostalAddress.lines.0': postal?.lines[0] ?? '',
    'Settings.CompanyPostalAddress.postCode': postal?.postCode ?? '',
    'Settings.CompanyPostalAddress.city': postal?.city ?? '',
    'Settings.CompanyPostalAddress.country': postal?.country ?? '',
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
