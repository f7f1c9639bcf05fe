import { passwordResetRequestSchema } from '@remit/contracts';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { requestPasswordReset } from '../../api/auth';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/Button';
import { Aside, AuthLayout, Form } from '../../layout/AuthLayout';
import { EmailField, SubmitButton } from '../forms/FormParts';
import { useForm } from '../forms/useForm';
import { forgotPasswordFormMachine } from './forms';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};

  strong { color: ${({ theme }) => theme.colors.ink}; overflow-wrap: anywhere; }
`;

/** /forgot-password: the address to send a reset link to; the answer never says whether it has an account. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const machine = useMemo(
    () =>
      forgotPasswordFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => requestPasswordReset(passwordResetRequestSchema.parse(input))),
        },
      }),
    [],
  );
  const form = useForm(machine, passwordResetRequestSchema, { email: searchParams.get('email') ?? '' });

  if (form.isDone) {
    return (
      <AuthLayout title="Check your email">
        <Body role="status">
          <p>
            If an account exists for <strong>{form.values.email.trim()}</strong>, we sent it a link to set a
            new password. The link works once, for one hour.
          </p>
          <p>Didn't receive the email? Check your spam folder.</p>
          <ButtonLink to="/login-basic" variant="secondary" size="lg" block>
            Back to login
          </ButtonLink>
        </Body>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email of your Remit account and we will send you a link to set a new password."
    >
      <Form {...form.formProps}>
        <EmailField {...form.field('email')} />
        {form.serverError && <Alert tone="error">{form.serverError}</Alert>}
        <SubmitButton form={form}>{form.isBusy ? 'Sending...' : 'Send reset link'}</SubmitButton>
      </Form>
      <Aside>
        <Link to="/login-basic">Back to login</Link>
      </Aside>
    </AuthLayout>
  );
}
