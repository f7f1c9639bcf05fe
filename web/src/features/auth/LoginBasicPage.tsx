import { authMessages, signInRequestSchema } from '@remit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { resendVerification, signIn } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { Aside, AuthLayout, Form } from '../../layout/AuthLayout';
import { EmailField, SubmitButton } from '../forms/FormParts';
import { useForm } from '../forms/useForm';
import { useToast } from '../toasts/ToastProvider';
import { useSignIn } from './AuthProvider';
import { signInFormMachine } from './forms';

const EMAIL_NOT_VERIFIED = 'email_not_verified';

const ForgotLink = styled(Link)`
  align-self: flex-end;
  margin-top: calc(-1 * ${({ theme }) => theme.space.sm});
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

function ResendVerification({ email }: { email: string }) {
  const toast = useToast();
  const resend = useMutation({
    mutationFn: () => resendVerification(email),
    onSuccess: (message) => toast(message || authMessages.verificationSent, { tone: 'success' }),
  });
  return (
    <>
      <Button
        variant="secondary"
        busy={resend.isPending}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Resend verification email
      </Button>
      {resend.isError && <span>{errorMessage(resend.error, authMessages.signInFailed)}</span>}
    </>
  );
}

/** /login-basic: e-mail and password; on success the guard's redirect target or '/'. */
export function LoginBasicPage() {
  const signedIn = useSignIn();
  const [searchParams] = useSearchParams();
  const machine = useMemo(
    () =>
      signInFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const result = await signIn(signInRequestSchema.parse(input));
            signedIn(result);
            return result;
          }),
        },
      }),
    [signedIn],
  );
  // Back from a password reset: the address is filled in.
  const form = useForm(machine, signInRequestSchema, { email: searchParams.get('email') ?? '' });
  const redirect = searchParams.get('redirect');
  const signUpLink = redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : '/signup';

  return (
    <AuthLayout
      title="Sign in with email"
      subtitle="Enter the email and password of your Remit account."
      footer={
        <>
          Don't have an account? <Link to={signUpLink}>Sign up</Link>
        </>
      }
    >
      <Form {...form.formProps}>
        <EmailField {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <ForgotLink
          to={`/forgot-password${form.values.email ? `?email=${encodeURIComponent(form.values.email.trim())}` : ''}`}
        >
          Forgot password?
        </ForgotLink>
        {form.serverError && (
          <Alert tone="error">
            <span>{form.serverError}</span>
            {form.serverCode === EMAIL_NOT_VERIFIED && <ResendVerification email={form.values.email} />}
          </Alert>
        )}
        <SubmitButton form={form}>Sign in</SubmitButton>
      </Form>
      <Aside>
        <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>
          Other ways to sign in
        </Link>
      </Aside>
    </AuthLayout>
  );
}
