import { currencies, sanitize } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { useFormKey } from '../../api/command';
import { invalidateAfter } from '../../api/invalidation';
import { type LogoChange, type UserProfile, updateProfile } from '../../api/profile';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { logError } from '../../lib/log';
import { media } from '../../theme/theme';
import { AddressFields } from '../forms/AddressFields';
import { type AddressPart, type AddressParts, cleanAddressPart } from '../forms/addressParts';
import type { FieldProps } from '../forms/useForm';
import { useForm } from '../forms/useForm';
import { SelectField } from '../invoices/fields';
import { useToast } from '../toasts/ToastProvider';
import { LogoPicker } from './LogoPicker';
import { PROFILE_TOAST_MS, profileMessages } from './messages';
import {
  companyAddressParts,
  type ProfileFormValues,
  profileFormMachine,
  profileFormSchema,
} from './profileForm';
import { useDebouncedAction } from './useDebouncedAction';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Submit = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const currencyOptions = currencies.map((currency) => ({ value: currency.value, label: currency.label }));

function sanitized(field: FieldProps, clean: (value: string) => string): FieldProps {
  return { ...field, onChange: (event) => field.onChange({ target: { value: clean(event.target.value) } }) };
}

const readOnly = { onChange: () => {}, onBlur: () => {}, error: undefined };

/**
 * Spec §2 Profile, left column: the logo, read-only name and e-mail, the company details and
 * 'Update Profile' (debounced 500 ms, §9). `onSaved` runs after the refreshed profile is in.
 */
export function ProfileForm({
  profile,
  initialValues,
  onSaved,
}: {
  profile: UserProfile | undefined;
  initialValues: ProfileFormValues;
  onSaved: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const logoRef = useRef(logo);
  logoRef.current = logo;

  const formKey = useFormKey();
  const machine = useMemo(
    () =>
      profileFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            try {
              await updateProfile(
                input as Parameters<typeof updateProfile>[0],
                logoRef.current,
                formKey.keyFor({ input, logo: logoRef.current }),
              );
              formKey.answered();
            } catch (error) {
              toast(profileMessages.profileUpdateFailed, { tone: 'error' });
              throw error;
            }
            await invalidateAfter(queryClient, 'settings').catch((error) =>
              logError('profile reload failed', error),
            );
            toast(profileMessages.profileUpdated, { tone: 'success', durationMs: PROFILE_TOAST_MS });
            onSaved();
            return null;
          }),
        },
      }),
    [toast, queryClient, onSaved, formKey],
  );
  const form = useForm(machine, profileFormSchema, initialValues);
  const submit = useDebouncedAction(() => form.formProps.onSubmit({ preventDefault: () => {} } as never));
  const companyName = form.field('Settings.CompanyName');
  const addressPart = (part: AddressPart) => {
    const field = form.field(companyAddressParts[part]);
    return {
      ...field,
      onChange: (event: { target: { value: string } }) =>
        field.onChange({ target: { value: cleanAddressPart(part, event.target.value) } }),
    };
  };
  const addressParts: AddressParts = {
    street: addressPart('street'),
    postCode: addressPart('postCode'),
    city: addressPart('city'),
    country: addressPart('country'),
  };
  const busy = form.isBusy || submit.isWaiting;
  const hasFieldError = Object.keys(form.values).some((name) => form.field(name as 'DefaultDueDays').error);
  // Spec §4: disabled while a request runs or the form is invalid (Enter still reveals the messages).

  return (
    <Form
      aria-labelledby="profile-form-title"
      noValidate
      onKeyDown={form.formProps.onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        submit.run();
      }}
    >
      <LogoPicker
        savedUrl={profile?.Settings.LogoURL ?? null}
        name={companyName.value || profile?.Name || ''}
        change={logo}
        onChange={setLogo}
      />
      <Pair>
        <TextField label="Name" name="name" value={profile?.Name ?? ''} disabled {...readOnly} />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={profile?.Email ?? ''}
          disabled
          {...readOnly}
        />
      </Pair>
      <Pair>
        <TextField
          label="Company"
          autoComplete="organization"
          {...sanitized(companyName, sanitize.companyName)}
        />
        <TextField
          label="Company VAT"
          autoCapitalize="characters"
          hint="Uppercase letters, numbers and hyphens, 5 to 20 characters."
          {...sanitized(form.field('Settings.UserCompanyVAT'), sanitize.vat)}
        />
      </Pair>
      <Pair>
        <TextField
          label="Company email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...sanitized(form.field('Settings.CompanyEmail'), sanitize.email)}
        />
        <SelectField
          label="Default currency"
          options={currencyOptions}
          {...form.field('Settings.DefaultCurrency')}
        />
      </Pair>
      <AddressFields
        legend="Company address"
        whose="own"
        parts={addressParts}
        lineError={form.messageOf('Settings.CompanyAddress', Object.values(companyAddressParts))}
      />
      <Pair>
        <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('Settings.CompanyPhone')} />
        <TextField
          label="Tax number"
          hint="For e-invoices without a VAT number, e.g. a German Steuernummer."
          {...form.field('Settings.CompanyTaxNumber')}
        />
      </Pair>
      <Pair>
        <TextField
          label="Default due days"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          hint="New invoices fall due this many days after their issue date."
          {...form.field('DefaultDueDays')}
        />
      </Pair>
      {form.serverError && !hasFieldError && <Alert tone="error">{form.serverError}</Alert>}
      <Submit>
        <Button type="submit" size="lg" busy={busy} disabled={busy || !form.isValid}>
          Update Profile
        </Button>
      </Submit>
    </Form>
  );
}
