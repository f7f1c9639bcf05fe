import type { AuthResult } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { onUnauthorized } from '../../api/client';
import { authKeys } from '../../api/keys';
import { currentUserId, setCurrentUser } from '../../db/account';
import { loadDatabase } from '../../db/load';
import { restoreQueries } from '../../db/persistQueries';
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
          // Signed out: nothing of this account stays in memory. What it keeps on this device (its
          // drafts, outbox and cache) waits in IndexedDB for the same account (see useLogout).
          clearCachedData: () => {
            setCurrentUser(null);
            queryClient.clear();
          },
        },
      }),
    [queryClient],
  );
  return (
    <AuthContext.Provider logic={logic}>
      <AuthSignals />
      <AccountScope />
      {children}
    </AuthContext.Provider>
  );
}

/**
 * Keeps the account scope (db/account.ts) on the signed-in user: drafts, the outbox and the cache are
 * read and written for that account only; a user signing in gets back what this device kept for them.
 */
function AccountScope() {
  const queryClient = useQueryClient();
  const userId = AuthContext.useSelector((state) =>
    state.matches('signedIn') ? state.context.user?.id : null,
  );
  useEffect(() => {
    setCurrentUser(userId ?? null);
    if (userId) void loadDatabase().then(({ db }) => restoreQueries(queryClient, db, userId));
  }, [userId, queryClient]);
  return null;
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

/**
 * Logs out. 'keep' leaves this account's unsent work (drafts, queued commands) and its cache on this
 * device, waiting for the same account to sign in again; with nothing unsent, only the cache would stay,
 * so it goes. 'discard' removes everything this device holds for the account.
 */
export function useLogout() {
  const actor = AuthContext.useActorRef();
  return useCallback(
    async (choice: 'keep' | 'discard' = 'keep') => {
      const userId = currentUserId();
      try {
        const { countUnsentWork, db, removeAccountData } = await loadDatabase();
        if (userId && choice === 'discard') await removeAccountData(db, userId);
        else if (userId && (await countUnsentWork(db, userId)) === 0)
          await db.queries.where('userId').equals(userId).delete();
      } catch (error) {
        console.warn('Could not clear this device’s data', error);
      }
      actor.send({ type: 'LOGOUT' });
    },
    [actor],
  );
}
