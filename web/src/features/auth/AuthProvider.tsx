import type { AuthResult } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { onUnauthorized } from '../../api/client';
import { authKeys } from '../../api/keys';
import { db } from '../../db/database';
import { clearPersistedQueries } from '../../db/persistQueries';
import { authMachine } from '../../machines/auth';
import { createAuthActors } from './actors';

export const AuthContext = createActorContext(authMachine);

/** Runs the auth machine with the real I/O and feeds it the browser's signals. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      authMachine.provide({
        actors: createAuthActors(queryClient),
        actions: {
          clearCachedData: () => {
            queryClient.clear();
            void clearPersistedQueries(db);
          },
        },
      }),
    [queryClient],
  );
  return (
    <AuthContext.Provider logic={logic}>
      <AuthSignals />
      {children}
    </AuthContext.Provider>
  );
}

function AuthSignals() {
  const actor = AuthContext.useActorRef();
  useEffect(() => onUnauthorized(() => actor.send({ type: 'SESSION_EXPIRED' })), [actor]);
  useEffect(() => {
    const onOnline = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [actor]);
  // Coming back to the tab re-checks the subscription, as a navigation does: it may have changed on
  // another device or by the provider's webhook meanwhile.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'NAVIGATED' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
  return null;
}

export function useAuth() {
  const user = AuthContext.useSelector((state) => state.context.user);
  const subscribed = AuthContext.useSelector((state) => state.context.subscribed);
  const status = AuthContext.useSelector((state) => {
    if (state.matches('signedIn')) return 'signedIn' as const;
    if (state.matches('signedOut')) return 'signedOut' as const;
    if (state.matches('signingOut')) return 'signingOut' as const;
    return 'checking' as const;
  });
  return { user, subscribed, status };
}

/** Hands a sign-in answer to the machine and keeps the user for offline starts. */
export function useSignIn() {
  const actor = AuthContext.useActorRef();
  const queryClient = useQueryClient();
  return useCallback(
    (result: AuthResult) => {
      queryClient.setQueryData(authKeys.session, result.user);
      actor.send({ type: 'SIGNED_IN', token: result.token, user: result.user });
    },
    [actor, queryClient],
  );
}

export function useLogout() {
  const actor = AuthContext.useActorRef();
  return useCallback(() => actor.send({ type: 'LOGOUT' }), [actor]);
}
