import type { User } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { logOut } from '../../api/auth';
import { isNetworkError, isUnauthorized } from '../../api/errors';
import { queryKeys, sessionQuery, subscriptionQuery } from '../../api/queries';
import type { Session } from '../../machines/auth';

/**
 * The auth machine's I/O through the query layer. When the server cannot be reached at all, the
 * last known user (restored from IndexedDB) keeps the session so the app opens offline; a refused
 * token or any other failure still signs out, as the spec says.
 */
export function createAuthActors(queryClient: QueryClient) {
  const loadSubscription = async (): Promise<boolean> => {
    try {
      return await queryClient.fetchQuery(subscriptionQuery);
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      return queryClient.getQueryData(queryKeys.subscription) ?? false;
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
      const cachedUser = queryClient.getQueryData<User>(queryKeys.session);
      if (!isNetworkError(error) || !cachedUser) throw error;
      const subscribed = queryClient.getQueryData<boolean>(queryKeys.subscription) ?? false;
      return { user: cachedUser, subscribed, offline: true };
    }
  };

  return {
    loadSession: fromPromise<Session>(loadSession),
    loadSubscription: fromPromise<boolean>(loadSubscription),
    endSession: fromPromise<void>(() => logOut()),
  };
}
