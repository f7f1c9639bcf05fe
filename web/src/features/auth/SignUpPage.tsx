import { authMessages, signUpRequestSchema } from '@remit/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { signUp } from '../../api/auth';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { AuthLayout, Form } from '../../layout/AuthLayout';
import { EmailField, SubmitButton } from '../forms/FormParts';
import { useForm } from '../forms/useForm';
import { signUpFormMachine } from './forms';

const MailIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brand};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};

  strong { color: ${({ theme }) => theme.colors.ink}; overflow-wrap: anywhere; }
`;

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthLayout
      title="Check your email"
      icon={
        <MailIcon>
          <svg
            width="26"
            height="26"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </MailIcon>
      }
    >
      <Body role="status">
        <p>
          We sent a confirmation email to <strong>{email}</strong>. Open the link in it to verify your
          account.
        </p>
        <p>Didn't receive the email? Check your spam folder.</p>
        <ButtonLink to="/login" variant="secondary" size="lg" block>
          Back to login
        </ButtonLink>
      </Body>
    </AuthLayout>
  );
}

/** /signup: the form, then the 'Check your email' confirmation (spec §2, §4 Sign-up). */
export function SignUpPage() {
  const machine = useMemo(
    () =>
      signUpFormMachine.provide({
        actors: { submit: fromPromise(({ input }) => signUp(signUpRequestSchema.parse(input))) },
      }),
    [],
  );
  const form = useForm(machine, signUpRequestSchema);

  if (form.isDone) return <CheckYourEmail email={form.values.email.trim()} />;

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start sending invoices and getting paid in minutes."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <Form {...form.formProps}>
        <TextField label="Full name" autoComplete="name" {...form.field('name')} />
        <EmailField {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={authMessages.passwordHint}
          {...form.field('password')}
        />
        {form.serverError && <Alert tone="error">{form.serverError}</Alert>}
        <SubmitButton form={form}>{form.isBusy ? 'Loading...' : 'Sign up'}</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
