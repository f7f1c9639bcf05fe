import { authMessages } from '@remit/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { startGoogleLogin } from '../../api/authSession';
import { errorMessage } from '../../api/errors';
import { providersQuery } from '../../api/queries';
import { GoogleIcon } from '../../components/GoogleIcon';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { AuthLayout, Stack } from '../../layout/AuthLayout';
import { logError } from '../../lib/log';
import { rememberRedirect } from './redirect';

// A provider's callback (`?code=`) runs its own machine: loaded only then, so the sign-in screen itself
// needs no xstate.
const ProviderCallback = lazy(() =>
  import('./ProviderCallback').then((module) => ({ default: module.ProviderCallback })),
);

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.subtle};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.08em;

  &::before, &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const Note = styled.p`
  margin-top: -${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;
`;

function GoogleButton({ redirect }: { redirect: string }) {
  const providers = useQuery(providersQuery);
  const start = useMutation({
    mutationFn: startGoogleLogin,
    onSuccess: (url) => {
      rememberRedirect(redirect);
      window.location.assign(url);
    },
    onError: (error) => logError('Google sign-in could not start', error),
  });
  const isConfigured = providers.data?.google !== false;
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        block
        icon={<GoogleIcon />}
        busy={start.isPending || start.isSuccess}
        disabled={!isConfigured || providers.isPending || start.isPending || start.isSuccess}
        aria-describedby={isConfigured ? undefined : 'google-not-configured'}
        onClick={() => start.mutate()}
      >
        Login with Google
      </Button>
      {!isConfigured && <Note id="google-not-configured">{authMessages.googleNotConfigured}</Note>}
      {start.isError && <Alert tone="error">{errorMessage(start.error, authMessages.googleFailed)}</Alert>}
    </>
  );
}

/** /login: 'Welcome Back'; with a `code` query it completes the provider callback instead. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const redirect = searchParams.get('redirect') ?? '/';
  if (code)
    return (
      <Suspense fallback={<PageSpinner label="Processing login..." />}>
        <ProviderCallback code={code} state={searchParams.get('state')} />
      </Suspense>
    );

  const query = searchParams.get('redirect') ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to send invoices and get paid."
      footer={
        <>
          Don't have an account? <Link to="/signup">Sign up</Link>
        </>
      }
    >
      <Stack>
        <GoogleButton redirect={redirect} />
        <Divider>or</Divider>
        <ButtonLink to={`/login-basic${query}`} variant="primary" size="lg" block>
          Sign in with email
        </ButtonLink>
      </Stack>
    </AuthLayout>
  );
}
