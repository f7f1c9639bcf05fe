import { randomUUID } from 'node:crypto';
import { authMessages, googleStreamId, readEvent, type User, userStreamId } from '@remit/contracts';
import { ConcurrencyError, type EventStore, foldEvents } from '@remit/eventstore';
import { AppError, type AuthContext, eventCodec, type Logger, type TokenService } from '@remit/kit';
import type { Answer, Finish } from '../commands.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { accountExistsEmail, passwordChangedEmail, passwordResetEmail } from './account-emails.js';
import {
  assertCanSignIn,
  endOtherSessions,
  endSession,
  initialUserState,
  onUser,
  reserveEmail,
  reserveGoogleAccount,
  startSession,
  type UserState,
  userDecider,
} from './decider.js';
import { type GoogleSignIn, GoogleSignInError } from './google.js';
import { hashPassword, passwordDecoy, verifyPassword } from './passwords.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import { emailStreamId, hashToken, newVerificationToken } from './tokens.js';
import { verificationEmail, verificationLink } from './verification-email.js';

export interface AuthSettings {
  appUrl: string;
  /** How long a password reset link works. */
  resetTtlMinutes: number;
  /** log2 of scrypt's N. */
  passwordLogCost: number;
  verificationTtlHours: number;
  sessionTtlSeconds: number;
}

export interface AuthDeps {
  store: EventStore;
  throttle: SignInThrottle;
  tokens: TokenService;
  mailer: Mailer;
  google: GoogleSignIn | null;
  settings: AuthSettings;
  logger: Logger;
  now: () => Date;
}

type SessionMethod = 'password' | 'google' | 'email_verification';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Accounts and sessions (DESIGN §4). Every change is a command through the pipeline; what only I/O can
 * answer (a password's hash, Google's word) is settled before the command, never inside a decision.
 */
export function createAuthService(deps: AuthDeps) {
  const { store, tokens, mailer, settings, logger, now } = deps;
  let decoyHash: Promise<string> | undefined;

  async function findUserId(email: string): Promise<string | null> {
    const [reservation] = (await store.readStream(emailStreamId(email))).map(readEvent);
    return reservation?.type === 'EmailReserved' ? reservation.data.userId : null;
  }

  async function loadUser(userId: string): Promise<UserState> {
    return foldEvents(userDecider, await store.readStream(userStreamId(userId)), eventCodec);
  }

  function toUser(state: UserState): User {
    return {
      id: state.userId ?? '',
      name: state.name,
      email: state.email,
      emailVerified: state.verified,
      createdAt: (state.createdAt ?? now()).toISOString(),
    };
  }

  /** A new session's start, and the token that names it (signed only once the session is written). */
  function newSession(userId: string, method: SessionMethod) {
    const sessionId = randomUUID();
    const expiresAt = new Date(now().getTime() + settings.sessionTtlSeconds * 1000).toISOString();
    return {
      start: startSession({ sessionId, userId, method, expiresAt }),
      token: () => tokens.sign({ userId, sessionId }),
    };
  }

  /**
   * Work a request starts but does not wait for (e-mail, and what only the mailbox's owner may learn
   * happened): so answers take as long whether or not an address has an account. Failures are logged;
   * `settle` lets a shutdown finish them.
   */
  const background = new Set<Promise<void>>();
  function later(task: () => Promise<void>): void {
    const running: Promise<void> = task()
      .catch((error: unknown) => logger.error({ err: error }, 'background account work failed'))
      .finally(() => background.delete(running));
    background.add(running);
  }

  async function sendMail(message: MailMessage): Promise<void> {
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error({ err: error, to: message.to, subject: message.subject }, 'account mail failed');
    }
  }

  async function sendVerificationMail(state: { email: string; name: string }, token: string): Promise<void> {
    const link = verificationLink(settings.appUrl, state.email, token);
    try {
      await mailer.send(
        verificationEmail({
          to: state.email,
          name: state.name,
          link,
          hoursValid: settings.verificationTtlHours,
        }),
      );
    } catch (error) {
      // The account exists either way; the person can ask for a new link from the sign-in page.
      logger.error({ err: error, to: state.email }, 'verification mail failed');
    }
  }

  const tokenExpiry = () =>
    new Date(now().getTime() + settings.verificationTtlHours * 3_600_000).toISOString();

  return {
    /**
     * Sign-up answers 'Check your email' whether or not the address has an account (issue 12: a 409
     * told anyone which addresses do). A new address gets its account and a verification link; an
     * unverified account gets a new link; a verified one is told, in its own mailbox, that it exists.
     * Each writes its fact, so every answer has a position and takes as long.
     */
    async signUp(input: { name: string; email: string; password: string }, finish: Finish): Promise<Answer> {
      const checkEmail = () => ({ status: 201, body: { message: 'Check your email', email: input.email } });
      const passwordHash = await hashPassword(input.password, settings.passwordLogCost);
      if (!(await findUserId(input.email))) {
        const userId = randomUUID();
        const { token, tokenHash } = newVerificationToken();
        const signUp = onUser(
          userId,
          {
            type: 'SignUp',
            data: {
              userId,
              name: input.name,
              email: input.email,
              passwordHash,
              tokenHash,
              tokenExpiresAt: tokenExpiry(),
            },
          },
          [reserveEmail(userId, input.email)],
        );
        try {
          const answer = await finish(signUp, checkEmail);
          later(() => sendVerificationMail(input, token));
          return answer;
        } catch (error) {
          // Another sign-up for the address won the race: this one is a sign-up with a known address.
          if (!(error instanceof AppError && error.reason === 'email_taken')) throw error;
        }
      }
      const userId = (await findUserId(input.email)) as string;
      const state = await loadUser(userId);
      if (!state.verified) {
        const { token, tokenHash } = newVerificationToken();
        const issue = onUser(userId, {
          type: 'IssueVerificationToken',
          data: { tokenHash, expiresAt: tokenExpiry() },
        });
        const answer = await finish(issue, checkEmail);
        later(() => sendVerificationMail(state, token));
        return answer;
      }
      const answer = await finish(
        onUser(userId, { type: 'RecordSignUpAttempt', data: { email: input.email } }),
        checkEmail,
      );
      later(() =>
        sendMail(
          accountExistsEmail({
            to: state.email,
            name: state.name,
            appUrl: settings.appUrl,
            hasPassword: state.passwordHash !== null,
          }),
        ),
      );
      return answer;
    },

    /**
     * Always 202 at once: the lookup, the new token and the e-mail happen after the answer (`finish` runs
     * them then), so its timing says nothing about the address (534 ms against 33 ms before).
     */
    resendVerification(input: { email: string }, finish: Finish): Answer {
      const sent = { status: 202, body: { message: authMessages.verificationSent } };
      later(async () => {
        const userId = await findUserId(input.email);
        if (!userId) return;
        const { token, tokenHash } = newVerificationToken();
        let issued: UserState | null = null;
        await finish(
          onUser(userId, { type: 'IssueVerificationToken', data: { tokenHash, expiresAt: tokenExpiry() } }),
          ({ state, events }) => {
            if (events.length > 0) issued = state;
            return sent;
          },
        );
        if (issued) await sendVerificationMail(issued, token);
      });
      return { ...sent, position: null };
    },

    /**
     * 'Forgot password?': 202 at once, whoever the address belongs to; the single-use link goes out
     * after the answer (the same reasons as resend-verification).
     */
    requestPasswordReset(input: { email: string }, finish: Finish): Answer {
      later(async () => {
        const userId = await findUserId(input.email);
        if (!userId) return;
        const { token, tokenHash } = newVerificationToken();
        const expiresAt = new Date(now().getTime() + settings.resetTtlMinutes * 60_000).toISOString();
        const issued: { to?: UserState } = {};
        await finish(
          onUser(userId, { type: 'RequestPasswordReset', data: { tokenHash, expiresAt } }),
          ({ state, events }) => {
            if (events.length > 0) issued.to = state;
            return { status: 202, body: {} };
          },
        );
        if (!issued.to) return;
        const { email, name } = issued.to;
        const query = new URLSearchParams({ token, email });
        await sendMail(
          passwordResetEmail({
            to: email,
            name,
            link: `${settings.appUrl}/reset-password?${query.toString()}`,
            minutesValid: settings.resetTtlMinutes,
          }),
        );
      });
      return { status: 202, body: { message: authMessages.resetSent }, position: null };
    },

    /**
     * A new password through a reset link: the link is used up (with every other open one), every
     * session ends, failed sign-ins counted against the account are forgotten, and the owner is told.
     */
    async resetPassword(
      input: { email: string; token: string; password: string },
      finish: Finish,
    ): Promise<Answer> {
      const userId = await findUserId(input.email);
      if (!userId) throw new AppError('validation', authMessages.resetInvalid, { reason: 'reset_invalid' });
      const passwordHash = await hashPassword(input.password, settings.passwordLogCost);
      const reset = onUser(
        userId,
        {
          type: 'ResetPassword',
          data: { tokenHash: hashToken(input.token), passwordHash, now: now().toISOString() },
        },
        [endOtherSessions(userId, null, 'password_reset')],
      );
      const account: { state?: UserState } = {};
      const answer = await finish(reset, ({ state }) => {
        account.state = state;
        return { status: 200, body: { message: authMessages.passwordReset } };
      });
      await deps.throttle.unlock(input.email);
      const { email, name } = account.state ?? (await loadUser(userId));
      later(() =>
        sendMail(passwordChangedEmail({ to: email, name, appUrl: settings.appUrl, via: 'reset', at: now() })),
      );
      return answer;
    },

    /**
     * Change password on /profile: the current one proves it is the owner at the keyboard (wrong guesses
     * count like failed sign-ins); every other session ends; the owner is told by e-mail.
     */
    async changePassword(
      auth: AuthContext,
      input: { currentPassword: string; newPassword: string },
      address: string,
      finish: Finish,
    ): Promise<Answer> {
      const state = await loadUser(auth.userId);
      if (!state.exists) throw new AppError('unauthenticated', authMessages.unauthenticated);
      await deps.throttle.check(state.email, address);
      if (!(await verifyPassword(input.currentPassword, state.passwordHash))) {
        await deps.throttle.failed(state.email, address);
        throw new AppError('validation', authMessages.currentPasswordWrong, {
          reason: 'current_password_wrong',
          fields: { currentPassword: authMessages.currentPasswordWrong },
        });
      }
      const passwordHash = await hashPassword(input.newPassword, settings.passwordLogCost);
      const answer = await finish(
        onUser(auth.userId, { type: 'ChangePassword', data: { passwordHash } }, [
          endOtherSessions(auth.userId, auth.sessionId, 'password_changed'),
        ]),
        () => ({ status: 200, body: { message: authMessages.passwordChanged } }),
      );
      later(() =>
        sendMail(
          passwordChangedEmail({
            to: state.email,
            name: state.name,
            appUrl: settings.appUrl,
            via: 'change',
            at: now(),
          }),
        ),
      );
      return answer;
    },

    /** 'Sign out of all other devices': every session of the user but this one ends. */
    endOtherSessions(auth: AuthContext, finish: Finish): Promise<Answer> {
      return finish(endOtherSessions(auth.userId, auth.sessionId, 'signed_out_elsewhere'), () => ({
        status: 200,
        body: { message: authMessages.otherSessionsEnded },
      }));
    },

    /** Waits for the work requests started in the background (shutdown, tests). */
    async settle(): Promise<void> {
      while (background.size > 0) await Promise.allSettled([...background]);
    },

    async verifyEmail(input: { email: string; token: string }, finish: Finish): Promise<Answer> {
      const userId = await findUserId(input.email);
      if (!userId) {
        throw new AppError('validation', authMessages.verificationInvalid, {
          reason: 'verification_invalid',
        });
      }
      const session = newSession(userId, 'email_verification');
      const verify = onUser(
        userId,
        { type: 'VerifyEmail', data: { tokenHash: hashToken(input.token), now: now().toISOString() } },
        [session.start],
      );
      const answer = await finish(verify, ({ state }) => ({
        status: 200,
        body: { token: session.token(), user: toUser(state) },
      }));
      // A link from the mailbox proves the owner: failed sign-ins counted against the account are forgotten.
      await deps.throttle.unlock(input.email);
      return answer;
    },

    async signIn(
      input: { email: string; password: string },
      address: string,
      finish: Finish,
    ): Promise<Answer> {
      await deps.throttle.check(input.email, address);
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
      if (!matches) await deps.throttle.failed(input.email, address);
      assertCanSignIn(state, matches);
      await deps.throttle.succeeded(input.email, address);
      const session = newSession(userId as string, 'password');
      return finish(session.start, () => ({
        status: 200,
        body: { token: session.token(), user: toUser(state) },
      }));
    },

    signOut(auth: AuthContext, finish: Finish): Promise<Answer> {
      return finish(endSession(auth.sessionId, auth.userId), () => ({ status: 200, body: {} }));
    },

    async startGoogleSignIn() {
      if (!deps.google) {
        throw new AppError('not_found', authMessages.googleNotConfigured, {
          reason: 'google_not_configured',
        });
      }
      return deps.google.start();
    },

    async completeGoogleSignIn(
      input: { code: string; codeVerifier: string },
      finish: Finish,
    ): Promise<Answer> {
      if (!deps.google) {
        throw new AppError('not_found', authMessages.googleNotConfigured, {
          reason: 'google_not_configured',
        });
      }
      let identity: Awaited<ReturnType<GoogleSignIn['complete']>>;
      try {
        identity = await deps.google.complete(input);
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
}
