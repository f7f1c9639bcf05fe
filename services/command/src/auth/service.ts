import { randomUUID } from 'node:crypto';
import {
  authMessages,
  googleStreamId,
  type SessionEvent,
  sessionStreamId,
  type User,
  type UserEvent,
  userStreamId,
} from '@remit/contracts';
import { ConcurrencyError, type EventMetadata, type EventStore, handleCommand } from '@remit/eventstore';
import { AppError, type AuthContext, type Logger, type TokenService } from '@remit/kit';
import type { Mailer } from '../mail/mailer.js';
import {
  assertCanSignIn,
  decideUser,
  evolveUser,
  initialUserState,
  type UserCommand,
  type UserState,
} from './decider.js';
import { type GoogleSignIn, GoogleSignInError } from './google.js';
import { hashPassword, passwordDecoy, verifyPassword } from './passwords.js';
import { emailStreamId, hashToken, newVerificationToken } from './tokens.js';
import { verificationEmail, verificationLink } from './verification-email.js';

export interface AuthSettings {
  appUrl: string;
  /** log2 of scrypt's N. */
  passwordLogCost: number;
  verificationTtlHours: number;
  sessionTtlSeconds: number;
}

export interface AuthDeps {
  store: EventStore;
  tokens: TokenService;
  mailer: Mailer;
  google: GoogleSignIn | null;
  settings: AuthSettings;
  logger: Logger;
  now?: () => Date;
}

/** A command's answer: what the client sees, and the log position its next queries should wait for. */
export interface CommandOutcome<Body> {
  body: Body;
  position: bigint | null;
}

type SessionMethod = Extract<SessionEvent, { type: 'SessionStarted' }>['data']['method'];

interface LoadedUser {
  state: UserState;
  createdAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { store, tokens, mailer, settings, logger } = deps;
  const now = deps.now ?? (() => new Date());
  let decoyHash: Promise<string> | undefined;

  async function findUserId(email: string): Promise<string | null> {
    const [reservation] = await store.readStream(emailStreamId(email));
    return reservation ? (reservation.data as { userId: string }).userId : null;
  }

  async function loadUser(userId: string): Promise<LoadedUser | null> {
    const events = await store.readStream(userStreamId(userId));
    const first = events[0];
    if (!first) return null;
    const state = events.reduce(
      (current, event) => evolveUser(current, event as unknown as UserEvent),
      initialUserState,
    );
    return { state, createdAt: first.createdAt };
  }

  function toUser(loaded: LoadedUser): User {
    return {
      id: loaded.state.userId ?? '',
      name: loaded.state.name,
      email: loaded.state.email,
      emailVerified: loaded.state.verified,
      createdAt: loaded.createdAt.toISOString(),
    };
  }

  function decideOnUser(userId: string, command: UserCommand, metadata: EventMetadata) {
    return handleCommand<UserState, UserCommand, UserEvent>({
      store,
      streamId: userStreamId(userId),
      initialState: initialUserState,
      evolve: evolveUser,
      decide: decideUser,
      command,
      metadata,
    });
  }

  async function startSession(userId: string, method: SessionMethod, metadata: EventMetadata) {
    const sessionId = randomUUID();
    const expiresAt = new Date(now().getTime() + settings.sessionTtlSeconds * 1000).toISOString();
    const started: SessionEvent = { type: 'SessionStarted', data: { sessionId, userId, method, expiresAt } };
    const result = await store.append(
      sessionStreamId(sessionId),
      [{ ...started, metadata: { ...metadata, userId } }],
      {
        expectedVersion: 'no_stream',
      },
    );
    return { token: tokens.sign({ userId, sessionId }), position: result.position };
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

  function tokenExpiry(): string {
    return new Date(now().getTime() + settings.verificationTtlHours * 3_600_000).toISOString();
  }

  return {
    async signUp(input: { name: string; email: string; password: string }, metadata: EventMetadata) {
      const userId = randomUUID();
      const { token, tokenHash } = newVerificationToken();
      const passwordHash = await hashPassword(input.password, settings.passwordLogCost);
      const events = decideUser(initialUserState, {
        type: 'SignUp',
        data: {
          userId,
          name: input.name,
          email: input.email,
          passwordHash,
          tokenHash,
          tokenExpiresAt: tokenExpiry(),
        },
      });
      const withMetadata = { ...metadata, userId };
      try {
        const result = await store.appendMany([
          {
            streamId: emailStreamId(input.email),
            events: [{ type: 'EmailReserved', data: { userId, email: input.email }, metadata: withMetadata }],
            expectedVersion: 'no_stream',
          },
          {
            streamId: userStreamId(userId),
            events: events.map((event) => ({ ...event, metadata: withMetadata })),
            expectedVersion: 'no_stream',
          },
        ]);
        await sendVerificationMail(input, token);
        return { body: { message: 'Check your email', email: input.email }, position: result.position };
      } catch (error) {
        if (error instanceof ConcurrencyError) {
          throw new AppError('conflict', authMessages.emailTaken, { reason: 'email_taken', cause: error });
        }
        throw error;
      }
    },

    async resendVerification(input: { email: string }, metadata: EventMetadata) {
      const userId = await findUserId(input.email);
      const { token, tokenHash } = newVerificationToken();
      if (userId) {
        const result = await decideOnUser(
          userId,
          { type: 'IssueVerificationToken', data: { tokenHash, expiresAt: tokenExpiry() } },
          metadata,
        );
        if (result.events.length > 0) await sendVerificationMail(result.state, token);
        return { body: { message: authMessages.verificationSent }, position: result.position };
      }
      return { body: { message: authMessages.verificationSent }, position: null };
    },

    async verifyEmail(input: { email: string; token: string }, metadata: EventMetadata) {
      const userId = await findUserId(input.email);
      if (!userId) {
        throw new AppError('validation', authMessages.verificationInvalid, {
          reason: 'verification_invalid',
        });
      }
      await decideOnUser(
        userId,
        { type: 'VerifyEmail', data: { tokenHash: hashToken(input.token), now: now().toISOString() } },
        { ...metadata, userId },
      );
      const session = await startSession(userId, 'email_verification', metadata);
      const loaded = (await loadUser(userId)) as LoadedUser;
      return { body: { token: session.token, user: toUser(loaded) }, position: session.position };
    },

    async signIn(input: { email: string; password: string }, metadata: EventMetadata) {
      const userId = await findUserId(input.email);
      const loaded = userId ? await loadUser(userId) : null;
      let matches = false;
      if (loaded) {
        matches = await verifyPassword(input.password, loaded.state.passwordHash);
      } else {
        decoyHash ??= passwordDecoy(settings.passwordLogCost);
        await verifyPassword(input.password, await decoyHash);
      }
      assertCanSignIn(loaded?.state ?? initialUserState, matches);
      const session = await startSession(userId as string, 'password', metadata);
      return {
        body: { token: session.token, user: toUser(loaded as LoadedUser) },
        position: session.position,
      };
    },

    async signOut(auth: AuthContext, metadata: EventMetadata) {
      const streamId = sessionStreamId(auth.sessionId);
      const events = await store.readStream(streamId);
      if (events.some((event) => event.type === 'SessionEnded')) return { body: {}, position: null };
      const ended: SessionEvent = {
        type: 'SessionEnded',
        data: { sessionId: auth.sessionId, userId: auth.userId, reason: 'signed_out' },
      };
      const result = await store.append(
        streamId,
        [{ ...ended, metadata: { ...metadata, userId: auth.userId } }],
        {
          expectedVersion: events.length,
        },
      );
      return { body: {}, position: result.position };
    },

    async startGoogleSignIn() {
      if (!deps.google) {
        throw new AppError('unavailable', authMessages.googleNotConfigured, {
          reason: 'google_not_configured',
        });
      }
      return deps.google.start();
    },

    async completeGoogleSignIn(input: { code: string; codeVerifier: string }, metadata: EventMetadata) {
      if (!deps.google) {
        throw new AppError('unavailable', authMessages.googleNotConfigured, {
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
      const userId = await findOrCreateGoogleUser(identity, metadata);
      const session = await startSession(userId, 'google', metadata);
      const loaded = (await loadUser(userId)) as LoadedUser;
      return { body: { token: session.token, user: toUser(loaded) }, position: session.position };
    },
  };

  /** The account of a Google identity: already linked, matched by its verified e-mail, or new. */
  async function findOrCreateGoogleUser(
    identity: { subject: string; email: string; name: string },
    metadata: EventMetadata,
  ): Promise<string> {
    const [linked] = await store.readStream(googleStreamId(identity.subject));
    if (linked) return (linked.data as { userId: string }).userId;
    const email = identity.email.toLowerCase();
    const reservation = {
      streamId: googleStreamId(identity.subject),
      expectedVersion: 'no_stream' as const,
    };
    const existingId = await findUserId(email);
    try {
      if (existingId) {
        const loaded = await loadUser(existingId);
        const events = decideUser(loaded?.state ?? initialUserState, {
          type: 'LinkGoogleAccount',
          data: { subject: identity.subject, email },
        });
        const withMetadata = { ...metadata, userId: existingId };
        await store.appendMany([
          {
            ...reservation,
            events: [
              {
                type: 'GoogleAccountReserved',
                data: { userId: existingId, subject: identity.subject },
                metadata: withMetadata,
              },
            ],
          },
          {
            streamId: userStreamId(existingId),
            events: events.map((event) => ({ ...event, metadata: withMetadata })),
            expectedVersion: (await store.streamVersion(userStreamId(existingId))) || 'no_stream',
          },
        ]);
        return existingId;
      }
      const userId = randomUUID();
      const name = identity.name.trim().slice(0, 50) || email.split('@')[0] || email;
      const events = decideUser(initialUserState, {
        type: 'SignUpWithGoogle',
        data: { userId, name, email, subject: identity.subject },
      });
      const withMetadata = { ...metadata, userId };
      await store.appendMany([
        {
          streamId: emailStreamId(email),
          events: [{ type: 'EmailReserved', data: { userId, email }, metadata: withMetadata }],
          expectedVersion: 'no_stream',
        },
        {
          ...reservation,
          events: [
            {
              type: 'GoogleAccountReserved',
              data: { userId, subject: identity.subject },
              metadata: withMetadata,
            },
          ],
        },
        {
          streamId: userStreamId(userId),
          events: events.map((event) => ({ ...event, metadata: withMetadata })),
          expectedVersion: 'no_stream',
        },
      ]);
      return userId;
    } catch (error) {
      // Two first sign-ins racing for one Google account: the loser finds the winner's link.
      if (error instanceof ConcurrencyError) {
        const [winner] = await store.readStream(googleStreamId(identity.subject));
        if (winner) return (winner.data as { userId: string }).userId;
      }
      throw error;
    }
  }
}
