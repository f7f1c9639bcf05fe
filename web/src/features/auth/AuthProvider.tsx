import type { AuthResult } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { onUnauthorized } from '../../api/client';
import { authKeys } from '../../api/keys';
import { isServerReachable, onReachabilityChange } from '../../api/reachability';
import { readToken } from '../../api/session';
import { currentUserId, setCurrentUser } from '../../db/account';
import { loadDatabase } from '../../db/load';
import { restoreQueries, resumeCaching, stopCaching } from '../../db/persistQueries';
import { type AuthStore, type AuthView, createAuthStore } from './authStore';

const AuthStoreContext = createContext<AuthStore | null>(null);

/** The auth machine's store (authStore.ts): `send` an event, `getSnapshot` for the state now. */
export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore must be used inside AuthProvider');
  return store;
}

/** One value of the auth state; the component renders again when it changes. */
export function useAuthSelector<T>(selector: (view: AuthView) => T): T {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getSnapshot()));
}

/** Runs the auth machine with the real I/O and feeds it the browser's signals. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(() => createAuthStore(queryClient));
  useEffect(() => store.start(), [store]);
  return (
    <AuthStoreContext.Provider value={store}>
      <AuthSignals />
      <AccountScope />
      {children}
    </AuthStoreContext.Provider>
  );
}

/**
 * Keeps the account scope (db/account.ts) on the signed-in user (during the start's check, on the account
 * it restored): drafts, the outbox and the cache are
 * read and written for that account only; a user signing in gets back what this device kept for them.
 */
function AccountScope() {
  const queryClient = useQueryClient();
  // While the start's session check runs, the account main.tsx restored stays current: the answers that
  // check brings (the subscription above all) are kept for it, so the next offline start has them.
  const userId = useAuthSelector((view) =>
    view.status === 'signedIn'
      ? (view.context.user?.id ?? null)
      : view.status === 'checking'
        ? undefined
        : null,
  );
  useEffect(() => {
    if (userId === undefined) return;
    setCurrentUser(userId);
    if (userId) void loadDatabase().then(({ db }) => restoreQueries(queryClient, db, userId));
  }, [userId, queryClient]);
  return null;
}

function AuthSignals() {
  const actor = useAuthStore();
  useEffect(() => onUnauthorized(() => actor.send({ type: 'SESSION_EXPIRED' })), [actor]);
  useEffect(() => {
    const onOnline = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', onOnline);
    // The server answers again after being out of reach with the browser online: the same re-check.
    const stopWatching = onReachabilityChange(() => {
      if (isServerReachable()) onOnline();
    });
    return () => {
      window.removeEventListener('online', onOnline);
      stopWatching();
    };
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
  const user = useAuthSelector((view) => view.context.user);
  const subscribed = useAuthSelector((view) => view.context.subscribed);
  const status = useAuthSelector((view) => view.status);
  return { user, subscribed, status };
}

/** Hands a sign-in answer to the machine and keeps the user for offline starts. */
export function useSignIn() {
  const actor = useAuthStore();
  const queryClient = useQueryClient();
  return useCallback(
    (result: AuthResult) => {
      resumeCaching(result.user.id);
      queryClient.setQueryData(authKeys.session, result.user);
      actor.send({ type: 'SIGNED_IN', token: result.token, user: result.user });
    },
    [actor, queryClient],
  );
}

/**
 * Logs out. Nothing of the account's cached answers (lists, profile, top clients) stays readable on
 * this device for whoever uses the browser next: the writer stops first (stopCaching waits for the
 * writes on their way), then they are deleted. 'keep' leaves only the unsent work the dialog promises
 * (drafts, queued commands), waiting for the same account to sign in again; 'discard' removes that too.
 */
export function useLogout() {
  const actor = useAuthStore();
  return useCallback(
    async (choice: 'keep' | 'discard' = 'keep') => {
      const userId = currentUserId();
      try {
        if (userId) {
          await stopCaching(userId);
          const { db, removeAccountData, removeCachedAnswers } = await loadDatabase();
          if (choice === 'discard') await removeAccountData(db, userId);
          else await removeCachedAnswers(db, userId);
        }
      } catch (error) {
        console.warn('Could not clear this device’s data', error);
      }
      actor.send({ type: 'LOGOUT', token: readToken() });
    },
    [actor],
  );
}
