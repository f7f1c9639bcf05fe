import { type SettingsUpdateInput, settingsUpdateSchema, type UserSettings } from '@remit/contracts';
import { z } from 'zod';
import { createFormMachine } from '../../machines/form';
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
});
export type ProfileFormValues = z.infer<typeof profileInputs>;

export function toSettingsUpdate(values: ProfileFormValues): SettingsUpdateInput {
  const dueDays = values.DefaultDueDays.trim();
  return {
    DefaultDueDays: dueDays === '' ? null : Number(dueDays),
    Settings: {
      CompanyName: values['Settings.CompanyName'],
      UserCompanyVAT: values['Settings.UserCompanyVAT'],
      CompanyEmail: values['Settings.CompanyEmail'],
      CompanyAddress: values['Settings.CompanyAddress'],
      DefaultCurrency: values['Settings.DefaultCurrency'],
    },
  };
}

export const profileFormSchema = profileInputs.transform(toSettingsUpdate).pipe(settingsUpdateSchema);

export function toProfileFormValues(settings: UserSettings | undefined): ProfileFormValues {
  return {
    'Settings.CompanyName': settings?.Settings.CompanyName ?? '',
    'Settings.UserCompanyVAT': settings?.Settings.UserCompanyVAT ?? '',
    'Settings.CompanyEmail': settings?.Settings.CompanyEmail ?? '',
    'Settings.CompanyAddress': settings?.Settings.CompanyAddress ?? '',
    'Settings.DefaultCurrency': settings?.Settings.DefaultCurrency || 'USD',
    DefaultDueDays: settings?.DefaultDueDays == null ? '' : String(settings.DefaultDueDays),
  };
}

export const profileFormMachine = createFormMachine({
  id: 'profile',
  schema: profileFormSchema,
  initialValues: toProfileFormValues(undefined),
  defaultError: profileMessages.profileUpdateFailed,
});
