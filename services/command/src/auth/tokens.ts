import { createHash, randomBytes } from 'node:crypto';

/** A random single-use secret for links in e-mails; only its hash is ever stored. */
export function newVerificationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Reservation stream of an e-mail address; hashed so the stream id does not expose the address. */
export const emailStreamId = (email: string): string =>
  `email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
