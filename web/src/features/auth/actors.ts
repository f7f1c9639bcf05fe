import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { logOut } from '../../api/authSession';
import type { Session } from '../../machines/auth';
import { createSessionChecks } from './sessionCheck';

/** The auth machine's I/O: the session and subscription checks (sessionCheck.ts) and the sign-out. */
export function createAuthActors(queryClient: QueryClient) {
  const { loadSession, loadSubscription } = createSessionChecks(queryClient);
  return {
    loadSession: fromPromise<Session>(loadSession),
    loadSubscription: fromPromise<boolean>(loadSubscription),
    endSession: fromPromise<void>(() => logOut()),
  };
}
