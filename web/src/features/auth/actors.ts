import type { User } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { logOut } from '../../api/authSession';
import { ApiError, isNetworkError, isUnauthorized } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { authKeys, billingKeys } from '../../api/keys';
import { sessionQuery, subscriptionQuery } from '../../api/queries';
import type { Session } from '../../machines/auth';

/** Answers that say "not now" about the server, not "no" about the token: the check is tried again. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);
/** Waits between the attempts of a session check the server could not answer yet (about 3 s in all). */
const SESSION_RETRY_DELAYS_MS = [400, 1000, 1600];

function isTransient(error: unknown): boolean {
  return error instanceof ApiError && TRANSIENT_STATUSES.has(error.status);
}

/**
 * The session check, tried again while the server answers that it is busy or restarting (503 with
 * Retry-After, 429, a proxy's 502/504): a database restart must not sign everyone out. A refusal (401),
 * any other answer, or a server still busy after the last attempt fails as before.
 */
async function checkSession(queryClient: QueryClient): Promise<User> {
  for (const delay of SESSION_RETRY_DELAYS_MS) {
    try {
      return await queryClient.fetchQuery(sessionQuery);
    } catch (error) {
      if (!isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return queryClient.fetchQuery(sessionQuery);
}

/**
 * The auth machine's I/O through the query layer. When the server cannot be reached at all, the
 * last known user (restored from IndexedDB) keeps the session so the app opens offline; a server that
 * says it is busy is asked again a few times; a refused token or any other failure still signs out, as
 * the spec says.
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
      const [user, subscribed] = await Promise.all([checkSession(queryClient), loadSubscription()]);
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
