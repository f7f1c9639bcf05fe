import { authMessages, passwordResetFormSchema } from '@remit/contracts';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { resetPassword } from '../../api/auth';
import { Alert } from '../../components/ui/Alert';
import { TextField } from '../../components/ui/TextField';
import { Aside, AuthLayout, Form } from '../../layout/AuthLayout';
import { SubmitButton } from '../forms/FormParts';
import { useForm } from '../forms/useForm';
import { useToast } from '../toasts/ToastProvider';
import { resetPasswordFormMachine } from './forms';

const LINK_PROBLEMS = new Set(['reset_invalid', 'reset_expired']);

/**
 * /reset-password?token=…&email=…: the new password (spec §5's sign-up rules), twice. Nothing happens
 * on opening the link (mail scanners open links too); the token is used when the form is sent. Then
 * every session of the account has ended, and sign-in asks for the new password.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const token = searchParams.get('token') ?? '';
  const email = searchParams.get('email') ?? '';
  const machine = useMemo(
    () =>
      resetPasswordFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const { password } = passwordResetFormSchema.parse(input);
            const message = await resetPassword({ email, token, password });
            toast(message, { tone: 'success' });
            navigate(`/login-basic?email=${encodeURIComponent(email)}`, { replace: true });
            return message;
          }),
        },
      }),
    [email, token, toast, navigate],
  );
  const form = useForm(machine, passwordResetFormSchema);
  const linkBroken = !token || !email;

  return (
    <AuthLayout
      title="Set a new password"
      subtitle={
        email ? <>For {email}. Every device signed in to this account will be signed out.</> : undefined
      }
    >
      <Form {...form.formProps}>
        {linkBroken && (
          <Alert tone="warning">
            {authMessages.resetInvalid}. <Link to="/forgot-password">Request a new link</Link>
          </Alert>
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={authMessages.passwordHint}
          {...form.field('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        {form.serverError && (
          <Alert tone="error">
            <span>{form.serverError}</span>
            {form.serverCode && LINK_PROBLEMS.has(form.serverCode) && (
              <Link to={`/forgot-password?email=${encodeURIComponent(email)}`}>Request a new link</Link>
            )}
          </Alert>
        )}
        <SubmitButton form={form}>{form.isBusy ? 'Saving...' : 'Set new password'}</SubmitButton>
      </Form>
      <Aside>
        <Link to="/login-basic">Back to login</Link>
      </Aside>
    </AuthLayout>
  );
}
