import { authMessages, verifyEmailRequestSchema } from '@remit/contracts';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { verifyEmail } from '../../api/auth';
import { Alert } from '../../components/ui/Alert';
import { Aside, AuthLayout, Form } from '../../layout/AuthLayout';
import { EmailField, SubmitButton } from '../forms/FormParts';
import { useForm } from '../forms/useForm';
import { useToast } from '../toasts/ToastProvider';
import { useSignIn } from './AuthProvider';
import { verifyEmailFormMachine } from './forms';

export const VERIFIED_MESSAGE = 'Your email is verified. Welcome to Remit!';

/** /verify-email?token=…&email=…: confirms the address, signs in and goes to '/'. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSignIn();
  const toast = useToast();
  const token = searchParams.get('token') ?? '';
  const machine = useMemo(
    () =>
      verifyEmailFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const result = await verifyEmail(verifyEmailRequestSchema.parse(input));
            signedIn(result);
            toast(VERIFIED_MESSAGE, { tone: 'success' });
            navigate('/', { replace: true });
            return result;
          }),
        },
      }),
    [signedIn, toast, navigate],
  );
  const form = useForm(machine, verifyEmailRequestSchema, { email: searchParams.get('email') ?? '', token });

  return (
    <AuthLayout title="Verify Your Email" subtitle="Confirm the email address of your new Remit account.">
      <Form {...form.formProps}>
        {!token && (
          <Alert tone="warning">{authMessages.tokenRequired}. Open the link from your email again.</Alert>
        )}
        <EmailField {...form.field('email')} />
        {form.serverError && <Alert tone="error">{form.serverError}</Alert>}
        <SubmitButton form={form}>{form.isBusy ? 'Verifying...' : 'Verify Email'}</SubmitButton>
      </Form>
      <Aside>
        <Link to="/login">Back to login</Link>
      </Aside>
    </AuthLayout>
  );
}
