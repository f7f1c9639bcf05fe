import { randomUUID } from 'node:crypto';
import { readEvent, type User, userStreamId } from '@remit/contracts';
import { type EventStore, foldEvents } from '@remit/eventstore';
import type { Mailer, MailMessage } from '@remit/kit';
import { eventCodec, type Logger, type TokenService } from '@remit/kit';
import { type UserState, userDecider } from './decider.js';
import type { GoogleSignIn } from './google.js';
import { startSession } from './reservations-and-sessions.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import { emailStreamId } from './tokens.js';
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

export type Accounts = ReturnType<typeof createAccounts>;

/** What the account commands share: finding and loading users, new sessions, and the mail sent after an answer. */
export function createAccounts(deps: AuthDeps) {
  const { store, tokens, mailer, settings, logger, now } = deps;

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

  /** Waits for the work requests started in the background (shutdown, tests). */
  async function settle(): Promise<void> {
    while (background.size > 0) await Promise.allSettled([...background]);
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
    deps,
    findUserId,
    loadUser,
    toUser,
    newSession,
    later,
    settle,
    sendMail,
    sendVerificationMail,
    tokenExpiry,
  };
}
