import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

/**
 * The event catalogue of accounts and sessions (docs/events.md). Events are facts, never edited:
 * a new shape is a new event version with an upcaster.
 *
 * Streams: `user-{userId}`, `session-{sessionId}`, and the reservation streams `email-{sha256(email)}`
 * and `google-{subject}`, written with "stream must not exist" so one e-mail or Google account maps to
 * exactly one user.
 */
export const userEvents = {
  UserSignedUp: eventType(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      /** scrypt hash with its parameters; null for an account created through Google. */
      passwordHash: z.string().nullable(),
      method: z.enum(['password', 'google']),
    }),
  ),
  /** Only the SHA-256 of the token is kept; the token itself went out in the e-mail. */
  VerificationTokenIssued: eventType(z.object({ tokenHash: z.string(), expiresAt: z.string() })),
  EmailVerified: eventType(z.object({ email: z.string(), via: z.enum(['email_link', 'google']) })),
  GoogleAccountLinked: eventType(z.object({ subject: z.string(), email: z.string() })),
  /**
   * A sign-up with the e-mail of this (verified) account: answered as any sign-up, so nobody learns the
   * account exists; its owner was e-mailed instead.
   */
  SignUpAttempted: eventType(z.object({ email: z.string() })),
  /** 'Forgot password?': a single-use link went out; only the SHA-256 of its token is kept. */
  PasswordResetRequested: eventType(z.object({ tokenHash: z.string(), expiresAt: z.string() })),
  /**
   * The password is new: through a reset link (which it uses up, with every other open one) or changed
   * by its owner, who knew the current one.
   */
  PasswordChanged: eventType(z.object({ passwordHash: z.string(), via: z.enum(['reset', 'change']) })),
} as const;

export const reservationEvents = {
  EmailReserved: eventType(z.object({ userId: z.string(), email: z.string() })),
  GoogleAccountReserved: eventType(z.object({ userId: z.string(), subject: z.string() })),
} as const;

export const sessionEvents = {
  SessionStarted: eventType(
    z.object({
      sessionId: z.string(),
      userId: z.string(),
      method: z.enum(['password', 'google', 'email_verification']),
      expiresAt: z.string(),
    }),
  ),
  SessionEnded: eventType(
    z.object({ sessionId: z.string(), userId: z.string(), reason: z.enum(['signed_out']) }),
  ),
} as const;

/**
 * `user-sessions-{userId}`: the ends of many sessions at once. Every session of the user that started
 * before this event (in the log) ends, but `exceptSessionId`'s; sessions started after it are untouched.
 */
export const userSessionsEvents = {
  SessionsEnded: eventType(
    z.object({
      userId: z.string(),
      exceptSessionId: z.string().nullable(),
      reason: z.enum(['password_changed', 'password_reset', 'signed_out_elsewhere']),
    }),
  ),
} as const;

export type UserEvent = EventOf<typeof userEvents>;
export type ReservationEvent = EventOf<typeof reservationEvents>;
export type SessionEvent = EventOf<typeof sessionEvents>;
export type UserSessionsEvent = EventOf<typeof userSessionsEvents>;

export const userStreamId = (userId: string) => `user-${userId}`;
export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
export const userSessionsStreamId = (userId: string) => `user-sessions-${userId}`;
export const googleStreamId = (subject: string) => `google-${subject}`;
