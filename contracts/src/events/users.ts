import { z } from 'zod';

/**
 * The event catalogue of accounts and sessions (docs/events.md). Events are facts, never edited:
 * a new shape is a new event version with an upcaster.
 *
 * Streams: `user-{userId}`, `session-{sessionId}`, and the reservation streams `email-{sha256(email)}`
 * and `google-{subject}`, written with "stream must not exist" so one e-mail or Google account maps to
 * exactly one user.
 */
export const userEventSchemas = {
  UserSignedUp: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    /** scrypt hash with its parameters; null for an account created through Google. */
    passwordHash: z.string().nullable(),
    method: z.enum(['password', 'google']),
  }),
  /** Only the SHA-256 of the token is kept; the token itself went out in the e-mail. */
  VerificationTokenIssued: z.object({ tokenHash: z.string(), expiresAt: z.string() }),
  EmailVerified: z.object({ email: z.string(), via: z.enum(['email_link', 'google']) }),
  GoogleAccountLinked: z.object({ subject: z.string(), email: z.string() }),
} as const;

export const reservationEventSchemas = {
  EmailReserved: z.object({ userId: z.string(), email: z.string() }),
  GoogleAccountReserved: z.object({ userId: z.string(), subject: z.string() }),
} as const;

export const sessionEventSchemas = {
  SessionStarted: z.object({
    sessionId: z.string(),
    userId: z.string(),
    method: z.enum(['password', 'google', 'email_verification']),
    expiresAt: z.string(),
  }),
  SessionEnded: z.object({ sessionId: z.string(), userId: z.string(), reason: z.enum(['signed_out']) }),
} as const;

type EventOf<Schemas extends Record<string, z.ZodType>> = {
  [Type in keyof Schemas & string]: { type: Type; data: z.infer<Schemas[Type]> };
}[keyof Schemas & string];

export type UserEvent = EventOf<typeof userEventSchemas>;
export type ReservationEvent = EventOf<typeof reservationEventSchemas>;
export type SessionEvent = EventOf<typeof sessionEventSchemas>;

export const userStreamId = (userId: string) => `user-${userId}`;
export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
export const googleStreamId = (subject: string) => `google-${subject}`;
