import { assign, fromPromise, setup } from 'xstate';
import { isUnauthorized } from '../../api/errors';
import { clearToken, forgetPosition, readToken, storeToken } from '../../api/session';
import { type AuthContext, type AuthEvent, type Session, signedOutContext } from './authState';

export type { AuthContext, AuthEvent, Session } from './authState';

function notProvided(name: string): never {
  throw new Error(`The auth machine's ${name} actor must be provided`);
}

/**
 * Spec §4 Auth and §2 Route guard: checking on start (no token or a failed check clears token and
 * user), signed in, signed out. The I/O is provided by `createAuthActors`, so tests can replace it.
 */
export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    loadSession: fromPromise<Session>(async () => notProvided('loadSession')),
    loadSubscription: fromPromise<boolean>(async () => notProvided('loadSubscription')),
    endSession: fromPromise<void, { token: string | null }>(async () => notProvided('endSession')),
  },
  actions: {
    storeToken: (_, params: { token: string }) => storeToken(params.token),
    forgetSession: assign(() => {
      clearToken();
      forgetPosition();
      return signedOutContext;
    }),
    forgetToken: () => {
      clearToken();
      forgetPosition();
    },
    /** Provided by the app: drops cached server data of the previous user. */
    clearCachedData: () => {},
  },
  guards: {
    hasToken: () => readToken() !== null,
    isRefused: (_, params: { error: unknown }) => isUnauthorized(params.error),
    isOffline: ({ context }) => context.offline,
  },
}).createMachine({
  id: 'auth',
  initial: 'starting',
  context: signedOutContext,
  states: {
    starting: {
      always: [
        { guard: 'hasToken', target: 'checking' },
        { target: 'signedOut', actions: ['forgetSession', 'clearCachedData'] },
      ],
    },
    checking: {
      // A re-check asked for meanwhile (a purchase or a cancel just answered, the tab shown again) may
      // already be past what the running check asked: start the check again rather than drop it.
      on: { NAVIGATED: { target: 'checking', reenter: true } },
      invoke: {
        src: 'loadSession',
        onDone: {
          target: 'signedIn',
          actions: assign(({ event }) => ({ ...event.output })),
        },
        onError: { target: 'signedOut', actions: ['forgetSession', 'clearCachedData'] },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        NAVIGATED: { target: '.checkingSubscription', reenter: true },
        SIGNED_IN: {
          target: '.checkingSubscription',
          reenter: true,
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            assign(({ event }) => ({ user: event.user, offline: false })),
          ],
        },
        ONLINE: { guard: 'isOffline', target: '.revalidating' },
        // The stored token goes now, not when the server answers: /login shows at once (issue 34 item 18).
        LOGOUT: { target: 'signingOut', actions: [assign({ loggedOut: true }), 'forgetToken'] },
        SESSION_EXPIRED: { target: 'signedOut', actions: ['forgetSession', 'clearCachedData'] },
      },
      states: {
        idle: {},
        checkingSubscription: {
          invoke: {
            src: 'loadSubscription',
            onDone: { target: 'idle', actions: assign({ subscribed: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: ['forgetSession', 'clearCachedData'],
              },
              { target: 'idle' },
            ],
          },
        },
        revalidating: {
          invoke: {
            src: 'loadSession',
            onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output })) },
            onError: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: ['forgetSession', 'clearCachedData'],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
    signingOut: {
      // The server ends the session; whatever it answers, this browser forgets it.
      invoke: {
        src: 'endSession',
        input: ({ event }) => ({ token: event.type === 'LOGOUT' ? event.token : null }),
        onDone: {
          target: 'signedOut',
          actions: ['forgetSession', 'clearCachedData', assign({ loggedOut: true })],
        },
        onError: {
          target: 'signedOut',
          actions: ['forgetSession', 'clearCachedData', assign({ loggedOut: true })],
        },
      },
    },
    signedOut: {
      on: {
        SIGNED_IN: {
          target: 'signedIn.checkingSubscription',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            assign(({ event }) => ({
              user: event.user,
              subscribed: false,
              offline: false,
              loggedOut: false,
            })),
          ],
        },
        RECHECK: { guard: 'hasToken', target: 'checking' },
      },
    },
  },
});
