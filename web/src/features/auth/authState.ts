import type { User } from '@remit/contracts';

// The auth machine's types and its signed-out context, without xstate: the app's shell reads them
// (features/auth/authStore.ts) while the machine itself loads only when it has work (see there).

/** What a session check found; `offline` when it fell back to the last known user. */
export interface Session {
  user: User;
  subscribed: boolean;
  offline: boolean;
}

export interface AuthContext {
  user: User | null;
  subscribed: boolean;
  offline: boolean;
  /** The user signed out themselves: the guard then goes to /login without a redirect. */
  loggedOut: boolean;
}

export type AuthEvent =
  /** Sign-in, verification or the provider callback returned a token. */
  | { type: 'SIGNED_IN'; token: string; user: User }
  /** The route guard found a token while signed out: check it again. */
  | { type: 'RECHECK' }
  /** The route guard saw a navigation while signed in: re-check the subscription. */
  | { type: 'NAVIGATED' }
  /**
   * The user logs out. `token` is the session the server is asked to end: the machine forgets the stored
   * one at once, so nothing shown after this (/login) runs with a token still in storage.
   */
  | { type: 'LOGOUT'; token: string | null }
  /** The server refused our token on some call. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'ONLINE' };

export const signedOutContext: AuthContext = {
  user: null,
  subscribed: false,
  offline: false,
  loggedOut: false,
};

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut' | 'signingOut';

/**
 * The auth machine's state as the app reads it: here, beside the context, so the store (authStore.ts) and the
 * actor it loads (authActor.ts) both import it and neither imports the other's module back (issue 26).
 */
export interface AuthView {
  status: AuthStatus;
  context: AuthContext;
}
