import { authMessages } from '@remit/contracts';
import type { AuthContext } from '@remit/kit';
import type { Answer, Finish } from '../commands.js';
import type { Accounts } from './accounts.js';
import { assertCanSignIn, initialUserState } from './decider.js';
import { passwordDecoy, verifyPassword } from './passwords.js';
import { endOtherSessions, endSession } from './reservations-and-sessions.js';

/** Signing in with a password, and ending sessions. */
export function sessionCommands(accounts: Accounts) {
  const { findUserId, loadUser, toUser, newSession } = accounts;
  const { throttle, settings } = accounts.deps;
  let decoyHash: Promise<string> | undefined;

  return {
    async signIn(
      input: { email: string; password: string },
      address: string,
      finish: Finish,
    ): Promise<Answer> {
      await throttle.check(input.email, address);
      const userId = await findUserId(input.email);
      const state = userId ? await loadUser(userId) : initialUserState;
      let matches = false;
      if (state.exists) {
        matches = await verifyPassword(input.password, state.passwordHash);
      } else {
        // An unknown address costs one hash too, so timing does not tell which addresses have accounts.
        decoyHash ??= passwordDecoy(settings.passwordLogCost);
        await verifyPassword(input.password, await decoyHash);
      }
      // Counted for unknown addresses too, so the throttle says nothing about which accounts exist.
      if (!matches) await throttle.failed(input.email, address);
      assertCanSignIn(state, matches);
      await throttle.succeeded(input.email, address);
      const session = newSession(userId as string, 'password');
      return finish(session.start, () => ({
        status: 200,
        body: { token: session.token(), user: toUser(state) },
      }));
    },

    signOut(auth: AuthContext, finish: Finish): Promise<Answer> {
      return finish(endSession(auth.sessionId, auth.userId), () => ({ status: 200, body: {} }));
    },

    /** 'Sign out of all other devices': every session of the user but this one ends. */
    endOtherSessions(auth: AuthContext, finish: Finish): Promise<Answer> {
      return finish(endOtherSessions(auth.userId, auth.sessionId, 'signed_out_elsewhere'), () => ({
        status: 200,
        body: { message: authMessages.otherSessionsEnded },
      }));
    },
  };
}
