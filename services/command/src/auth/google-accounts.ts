import { randomUUID } from 'node:crypto';
import { authMessages, googleStreamId, readEvent } from '@remit/contracts';
import { ConcurrencyError } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import type { Answer, Finish } from '../commands.js';
import type { Accounts } from './accounts.js';
import { onUser } from './decider.js';
import { type GoogleSignIn, GoogleSignInError } from './google.js';
import { reserveEmail, reserveGoogleAccount } from './reservations-and-sessions.js';

/** Signing in with Google: the account of a Google identity, linked or made on the first sign-in. */
export function googleCommands(accounts: Accounts) {
  const { findUserId, loadUser, toUser, newSession } = accounts;
  const { store, google, logger } = accounts.deps;

  /** The account of a Google identity: already linked, matched by its verified e-mail, or new. */
  async function findOrCreateGoogleUser(
    identity: { subject: string; email: string; name: string },
    finish: Finish,
  ): Promise<string> {
    const linkedTo = async () => {
      const [linked] = (await store.readStream(googleStreamId(identity.subject))).map(readEvent);
      return linked?.type === 'GoogleAccountReserved' ? linked.data.userId : null;
    };
    const linked = await linkedTo();
    if (linked) return linked;
    const email = identity.email.toLowerCase();
    const existingId = await findUserId(email);
    try {
      if (existingId) {
        await finish(
          onUser(existingId, { type: 'LinkGoogleAccount', data: { subject: identity.subject, email } }, [
            reserveGoogleAccount(existingId, identity.subject),
          ]),
          () => ({ status: 200, body: {} }),
        );
        return existingId;
      }
      const userId = randomUUID();
      const name = identity.name.trim().slice(0, 50) || email.split('@')[0] || email;
      await finish(
        onUser(
          userId,
          { type: 'SignUpWithGoogle', data: { userId, name, email, subject: identity.subject } },
          [reserveEmail(userId, email), reserveGoogleAccount(userId, identity.subject)],
        ),
        () => ({ status: 200, body: {} }),
      );
      return userId;
    } catch (error) {
      // Two first sign-ins racing for one Google account: the loser finds the winner's link.
      if (error instanceof AppError || error instanceof ConcurrencyError) {
        const winner = await linkedTo();
        if (winner) return winner;
      }
      throw error;
    }
  }

  return {
    async startGoogleSignIn() {
      if (!google) {
        throw new AppError('not_found', authMessages.googleNotConfigured, {
          reason: 'google_not_configured',
        });
      }
      return google.start();
    },

    async completeGoogleSignIn(
      input: { code: string; codeVerifier: string },
      finish: Finish,
    ): Promise<Answer> {
      if (!google) {
        throw new AppError('not_found', authMessages.googleNotConfigured, {
          reason: 'google_not_configured',
        });
      }
      let identity: Awaited<ReturnType<GoogleSignIn['complete']>>;
      try {
        identity = await google.complete(input);
      } catch (error) {
        if (error instanceof GoogleSignInError) {
          logger.warn({ reason: error.reason }, 'google sign-in refused');
          const code = error.reason === 'provider_unavailable' ? 'unavailable' : 'unauthenticated';
          throw new AppError(code, authMessages.googleFailed, { reason: 'google_failed', cause: error });
        }
        throw error;
      }
      const userId = await findOrCreateGoogleUser(identity, finish);
      const session = newSession(userId, 'google');
      const user = await loadUser(userId);
      return finish(session.start, () => ({
        status: 200,
        body: { token: session.token(), user: toUser(user) },
      }));
    },
  };
}
