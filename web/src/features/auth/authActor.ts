import type { QueryClient } from '@tanstack/react-query';
import { type Actor, createActor, type SnapshotFrom } from 'xstate';
import { setCurrentUser } from '../../db/account';
import { createAuthActors } from './actors';
import { authMachine } from './authMachine';
import { type AuthView, signedOutContext } from './authState';

/** The running auth machine (xstate): loaded by authStore.ts when there is a session to check or an event. */
export type AuthActor = Actor<typeof authMachine>;

/**
 * Starts the auth machine with the real I/O. `signedOut`: the app started without a token, so the
 * machine resumes in the state its start reaches then (the store has shown it since the first render)
 * rather than running that start again, which would clear the query cache the screen has filled since.
 */
export function startAuthActor(queryClient: QueryClient, signedOut: boolean): AuthActor {
  const logic = authMachine.provide({
    actors: createAuthActors(queryClient),
    actions: {
      // Signed out: nothing of this account stays in memory. What it keeps on this device (its
      // drafts, outbox and cache) waits in IndexedDB for the same account (see useLogout).
      clearCachedData: () => {
        setCurrentUser(null);
        queryClient.clear();
      },
    },
  });
  const snapshot = signedOut
    ? logic.resolveState({ value: 'signedOut', context: signedOutContext })
    : undefined;
  return createActor(logic, snapshot ? { snapshot } : {}).start();
}

/** What the app reads of a machine state: signed in (any sub-state), signed out, signing out, or checking. */
export function viewOf(snapshot: SnapshotFrom<typeof authMachine>): AuthView {
  const status = snapshot.matches('signedIn')
    ? 'signedIn'
    : snapshot.matches('signedOut')
      ? 'signedOut'
      : snapshot.matches('signingOut')
        ? 'signingOut'
        : 'checking';
  return { status, context: snapshot.context };
}
