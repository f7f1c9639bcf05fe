import { authMessages, passwordChangeFormSchema } from '@remit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { changePassword, endOtherSessions } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { changePasswordFormMachine } from '../auth/forms';
import { useForm } from '../forms/useForm';
import { useToast } from '../toasts/ToastProvider';
import { ProfileCard } from './parts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

function ChangePasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const machine = useMemo(
    () =>
      changePasswordFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const { currentPassword, newPassword } = passwordChangeFormSchema.parse(input);
            const message = await changePassword({ currentPassword, newPassword });
            onChanged(message);
            return message;
          }),
        },
      }),
    [onChanged],
  );
  const form = useForm(machine, passwordChangeFormSchema);
  return (
    <Form {...form.formProps} aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change password</h3>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={authMessages.passwordHint}
        {...form.field('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      {/* A wrong current password is shown under its field; anything else here. */}
      {form.serverError && form.serverCode !== 'current_password_wrong' && (
        <Alert tone="error">{form.serverError}</Alert>
      )}
      <Actions>
        <Button type="submit" busy={form.isBusy} disabled={!form.canSubmit}>
          {form.isBusy ? 'Saving...' : 'Change password'}
        </Button>
        <p>
          Signed up with Google? <Link to="/forgot-password">Set a password by email</Link>.
        </p>
      </Actions>
    </Form>
  );
}

/**
 * The profile's security card (issue 12): change the password (the current one is asked; every other
 * session ends) and sign out everywhere else.
 */
export function SecurityCard() {
  const toast = useToast();
  // A new form after each change, so the typed passwords do not linger in it.
  const [formVersion, setFormVersion] = useState(0);
  const onChanged = useMemo(
    () => (message: string) => {
      toast(message, { tone: 'success' });
      setFormVersion((version) => version + 1);
    },
    [toast],
  );
  const signOutOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: (message) => toast(message, { tone: 'success' }),
  });

  return (
    <ProfileCard title="Security" titleId="security-title">
      <ChangePasswordForm key={formVersion} onChanged={onChanged} />
      <Section>
        <h3>Other devices</h3>
        <p>Signed in on a phone or computer you no longer use? Sign it out; this browser stays signed in.</p>
        <div>
          <Button
            variant="secondary"
            busy={signOutOthers.isPending}
            disabled={signOutOthers.isPending}
            onClick={() => signOutOthers.mutate()}
          >
            Sign out of all other devices
          </Button>
        </div>
        {signOutOthers.isError && (
          <Alert tone="error">
            {errorMessage(signOutOthers.error, 'Could not sign out the other devices.')}
          </Alert>
        )}
      </Section>
    </ProfileCard>
  );
}
