import type { QueryClient } from '@tanstack/react-query';
import { forgetPosition, readToken } from '../../api/session';
import { logError } from '../../lib/log';
import type { AuthActor } from './authActor';
import { type AuthEvent, type AuthView, signedOutContext } from './authState';

export type { AuthStatus, AuthView } from './authState';

export interface AuthStore {
  getSnapshot(): AuthView;
  subscribe(listener: () => void): () => void;
  send(event: AuthEvent): void;
  /** Runs the store (the machine, once it has work); returns the stop. */
  start(): () => void;
}

/**
 * The auth machine (authMachine.ts) behind a store that loads it on demand. With a token the machine
 * loads and starts at once (the session check); without one the app is signed out before any check, which
 * is all a signed-out screen (/login) reads, so xstate (12 KB gzip) is not part of that first screen: the
 * machine loads with the first event (a sign-in, a re-check) and gets the events sent meanwhile, in order.
 */
export function createAuthStore(queryClient: QueryClient): AuthStore {
  const startedSignedOut = readToken() === null;
  const listeners = new Set<() => void>();
  let view: AuthView = { status: startedSignedOut ? 'signedOut' : 'checking', context: signedOutContext };
  let actor: AuthActor | null = null;
  let loading = false;
  let running = false;
  const pending: AuthEvent[] = [];

  const publish = (next: AuthView) => {
    view = next;
    for (const listener of listeners) listener();
  };

  const load = () => {
    if (loading) return;
    loading = true;
    void import('./authActor').then(
      ({ startAuthActor, viewOf }) => {
        loading = false;
        if (!running || actor) return;
        const started = startAuthActor(queryClient, startedSignedOut);
        actor = started;
        publish(viewOf(started.getSnapshot()));
        started.subscribe((snapshot) => publish(viewOf(snapshot)));
        for (const event of pending.splice(0)) started.send(event);
      },
      (error) => {
        // The chunk could not load (offline without the service worker's copy): the next event tries again.
        loading = false;
        logError('The auth machine could not load', error);
      },
    );
  };

  return {
    getSnapshot: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(event) {
      if (actor) return actor.send(event);
      pending.push(event);
      if (running) load();
    },
    start() {
      running = true;
      // What the machine's start does without a token: forget the last session's read position.
      if (startedSignedOut) forgetPosition();
      if (!startedSignedOut || pending.length > 0) load();
      return () => {
        running = false;
        actor?.stop();
        actor = null;
      };
    },
  };
}
