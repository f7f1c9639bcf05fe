import type { User } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { logOut } from '../../api/authSession';
import { ApiError, isNetworkError, isServerUnreachable, isUnauthorized } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { authKeys, billingKeys } from '../../api/keys';
import { sessionQuery, subscriptionQuery } from '../../api/queries';
import { cacheRestored } from '../../db/persistQueries';
import type { Session } from './authMachine';

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

/** Before concluding that a server out of reach means signed out: one more try after this wait. */
const UNREACHABLE_RETRY_MS = 500;

/**
 * True from the moment the page is being left (a reload, a link, a typed address) until it is shown
 * again from the back-forward cache. The browser cancels the page's requests on the way out, and a
 * cancelled session check looks exactly like a lost network: it is no answer about the session, and
 * signing out on it cleared the token the next page was about to use.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/** A check that must not conclude: the page it would conclude for is going away. */
const never = () => new Promise<never>(() => undefined);

/**
 * The auth machine's I/O through the query layer. When the server cannot be reached (no network, or
 * still 502/503/504 after the retries), the last known user and subscription (restored from IndexedDB;
 * the check waits for that restore) keep the session so the app opens offline as it was; with no such
 * user it is asked once more before signing out, and never while the page is being left; a server that
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
      // No answer (offline, server down): the last answer this device kept for the account decides.
      await cacheRestored();
      return queryClient.getQueryData(billingKeys.subscribed) ?? false;
    }
  };

  const check = async (): Promise<Session> => {
    const [user, subscribed] = await Promise.all([checkSession(queryClient), loadSubscription()]);
    return { user, subscribed, offline: false };
  };

  const loadSession = async (): Promise<Session> => {
    try {
      return await check();
    } catch (error) {
      if (!isServerUnreachable(error)) throw error;
      // The cold start's restore from IndexedDB may still be running: wait for it, not for a timer.
      await cacheRestored();
      const cachedUser = queryClient.getQueryData<User>(authKeys.session);
      if (cachedUser) {
        const subscribed = queryClient.getQueryData<boolean>(billingKeys.subscribed) ?? false;
        return { user: cachedUser, subscribed, offline: true };
      }
      // A server that stayed busy through checkSession's retries, with nothing to open with: as before.
      if (!isNetworkError(error)) throw error;
      // Nothing to open offline with: signed out, unless the page is being left or it was a blip.
      if (leavingPage) return never();
      await new Promise((resolve) => setTimeout(resolve, UNREACHABLE_RETRY_MS));
      if (leavingPage) return never();
      try {
        return await check();
      } catch (again) {
        if (leavingPage) return never();
        throw again;
      }
    }
  };

  return {
    loadSession: fromPromise<Session>(loadSession),
    loadSubscription: fromPromise<boolean>(loadSubscription),
    endSession: fromPromise<void, { token: string | null }>(({ input }) => logOut(input.token)),
  };
}
