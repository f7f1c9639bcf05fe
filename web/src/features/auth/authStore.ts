import type { QueryClient } from '@tanstack/react-query';
import { forgetPosition, readToken } from '../../api/session';
import { afterFirstScreen } from '../../firstScreen';
import { logError } from '../../lib/log';
import {
  type AuthContext,
  type AuthEvent,
  type AuthInput,
  type Session,
  signedOutContext,
} from '../../machines/authState';
import type { AuthActor } from './authActor';
import { createSessionChecks } from './sessionCheck';

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut' | 'signingOut';

/** The auth machine's state as the app reads it. */
export interface AuthView {
  status: AuthStatus;
  context: AuthContext;
}

export interface AuthStore {
  getSnapshot(): AuthView;
  subscribe(listener: () => void): () => void;
  send(event: AuthEvent): void;
  /** Runs the store (the machine, once it has work); returns the stop. */
  start(): () => void;
}

/**
 * The auth machine (machines/auth.ts) behind a store that loads it on demand. With a token the machine
 * loads and starts at once (the session check); without one the app is signed out before any check, which
 * is all a signed-out screen (/login) reads, so xstate (12 KB gzip) is not part of that first screen: the
 * machine loads with the first event (a sign-in, a re-check) and gets the events sent meanwhile, in order.
 *
 * With a token the store asks for the session itself (sessionCheck.ts, the same check the machine runs)
 * and the first screen draws from that answer: signed in, the machine loads once the first screen is
 * drawn (firstScreen.ts), or at the first event, and starts in the state that answer leads to, without
 * asking again; a failed check loads it at once and it signs out as after its own check. Events sent
 * while the check runs are dropped, as the machine drops every event while it checks.
 */
export function createAuthStore(queryClient: QueryClient): AuthStore {
  const startedSignedOut = readToken() === null;
  const listeners = new Set<() => void>();
  let view: AuthView = { status: startedSignedOut ? 'signedOut' : 'checking', context: signedOutContext };
  let actor: AuthActor | null = null;
  let loading = false;
  let running = false;
  const pending: AuthEvent[] = [];
  /** The start's session check: running, or its answer for the machine's input. */
  let checking = false;
  let input: AuthInput | undefined;

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
        const started = startAuthActor(queryClient, startedSignedOut, input);
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

  const check = () => {
    checking = true;
    createSessionChecks(queryClient)
      .loadSession()
      .then(
        (session: Session) => {
          input = { checked: session };
          checking = false;
          if (!running || actor) return;
          publish({ status: 'signedIn', context: { ...signedOutContext, ...session } });
          void afterFirstScreen().then(() => {
            if (running) load();
          });
        },
        () => {
          input = { checked: 'failed' };
          checking = false;
          if (running) load();
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
      if (checking) return;
      pending.push(event);
      if (running) load();
    },
    start() {
      running = true;
      // What the machine's start does without a token: forget the last session's read position.
      if (startedSignedOut) forgetPosition();
      if (startedSignedOut) {
        if (pending.length > 0) load();
      } else if (input) load();
      else if (!checking) check();
      return () => {
        running = false;
        actor?.stop();
        actor = null;
      };
    },
  };
}
