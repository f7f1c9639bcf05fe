import type { User } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { logOut } from '../../api/auth';
import { isNetworkError, isUnauthorized } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { authKeys, billingKeys } from '../../api/keys';
import { sessionQuery, subscriptionQuery } from '../../api/queries';
import type { Session } from '../../machines/auth';

/**
 * The auth machine's I/O through the query layer. When the server cannot be reached at all, the
 * last known user (restored from IndexedDB) keeps the session so the app opens offline; a refused
 * token or any other failure still signs out, as the spec says.
 */
export function createAuthActors(queryClient: QueryClient) {
  // A subscription that changed since the last check (the webhook, another device, another tab) makes
  // every list and view built on the old one stale: locks, dots and paid blocks follow it (spec §2).
  const loadSubscription = async (): Promise<boolean> => {
    const before = queryClient.getQueryData<boolean>(billingKeys.subscribed);
    try {
      const subscribed = await queryClient.fetchQuery(subscriptionQuery);
      if (before !== undefined && before !== subscribed) void invalidateAfter(queryClient, 'subscription');
      return subscribed;
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      return queryClient.getQueryData(billingKeys.subscribed) ?? false;
    }
  };

  const loadSession = async (): Promise<Session> => {
    try {
      const [user, subscribed] = await Promise.all([
        queryClient.fetchQuery(sessionQuery),
        loadSubscription(),
      ]);
      return { user, subscribed, offline: false };
    } catch (error) {
      const cachedUser = queryClient.getQueryData<User>(authKeys.session);
      if (!isNetworkError(error) || !cachedUser) throw error;
      const subscribed = queryClient.getQueryData<boolean>(billingKeys.subscribed) ?? false;
      return { user: cachedUser, subscribed, offline: true };
    }
  };

  return {
    loadSession: fromPromise<Session>(loadSession),
    loadSubscription: fromPromise<boolean>(loadSubscription),
    endSession: fromPromise<void>(() => logOut()),
  };
}
