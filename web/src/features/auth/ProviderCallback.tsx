import { type AuthResult, authMessages } from '@remit/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { completeGoogleLogin } from '../../api/authSession';
import { errorMessage } from '../../api/errors';
import { PageSpinner } from '../../components/ui/Spinner';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { useSignIn } from './AuthProvider';
import { providerCallbackMachine } from './providerCallbackMachine';
import { takeRememberedRedirect } from './redirect';

// A code can be exchanged once; a remount (React's strict mode, a double render) must not send it twice.
const exchanges = new Map<string, Promise<AuthResult>>();
function exchangeOnce(code: string, state: string): Promise<AuthResult> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = completeGoogleLogin(code, state);
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** Completes a Google sign-in from the `code` and `state` the provider sent the browser back with. */
export function ProviderCallback({ code, state }: { code: string | null; state: string | null }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const toast = useToast();
  const machine = useMemo(
    () =>
      providerCallbackMachine.provide({
        actors: { complete: fromPromise(({ input }) => exchangeOnce(input.code, input.state)) },
      }),
    [],
  );
  const [snapshot] = useMachine(machine, { input: { code, state } });
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || !snapshot.status || snapshot.status !== 'done') return;
    handled.current = true;
    if (snapshot.matches('succeeded') && snapshot.context.result) {
      signIn(snapshot.context.result);
      navigate(takeRememberedRedirect(), { replace: true });
    }
    if (snapshot.matches('failed')) {
      if (snapshot.context.error) {
        logError('Google sign-in failed', snapshot.context.error);
        toast(errorMessage(snapshot.context.error, authMessages.googleFailed), { tone: 'error' });
      }
      navigate('/login', { replace: true });
    }
  }, [snapshot, signIn, navigate, toast]);

  return <PageSpinner label="Processing login..." />;
}
