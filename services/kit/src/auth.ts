import { createSecretKey } from 'node:crypto';
import { authMessages } from '@remit/contracts';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { AppError } from './errors.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare global {
  namespace Express {
    interface Request {
      /** The signed-in person, set by `authenticate`; absent for anonymous requests. */
      auth?: AuthContext;
    }
  }
}

const ISSUER = 'remit';

export interface TokenService {
  sign(context: AuthContext): string;
  /** The claims of a well-formed, unexpired token signed by us; null otherwise. */
  verify(token: string): AuthContext | null;
}

/** At most this many verified tokens are remembered; past it the oldest go first. */
const MAX_VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // The key object once, not one per request (jsonwebtoken makes one from a string at every call).
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A token that verified once verifies again, with the same claims, until its `exp`: the answer depends
  // only on the token's text, our key and the clock. So a signed-in client's every request does not
  // decode and HMAC its token again (docs/decisions.md, "Scale out (issue 18)"). Refusals are not kept.
  const verified = new Map<string, { context: AuthContext; until: number }>();
  const remember = (token: string, context: AuthContext, exp: unknown) => {
    if (typeof exp !== 'number') return;
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
    // jsonwebtoken refuses from the second `exp` on: valid while floor(now / 1000) < exp.
    verified.set(token, { context, until: exp * 1000 });
  };
  return {
    sign: ({ userId, sessionId }) =>
      jwt.sign({ sid: sessionId }, key, {
        subject: userId,
        issuer: ISSUER,
        expiresIn: ttlSeconds,
        algorithm: 'HS256',
      }),
    verify: (token) => {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.until) return known.context;
        verified.delete(token);
      }
      try {
        const claims = jwt.verify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
          return null;
        }
        const context = Object.freeze({ userId: claims.sub, sessionId: claims.sid });
        remember(token, context, claims.exp);
        return context;
      } catch {
        return null;
      }
    },
  };
}

/** Whether a session is still open: sign-out (or a revocation) ends it everywhere at once. */
export type SessionCheck = (context: AuthContext) => Promise<boolean>;

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Sets `req.auth` from a valid bearer token of an open session. A missing token leaves the request
 * anonymous; a token that is malformed, expired or of an ended session is refused with 401, so a
 * client never mistakes a dead session for an anonymous one.
 */
export function authenticate(tokens: TokenService, isSessionOpen: SessionCheck): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    const context = tokens.verify(token);
    if (!context || !(await isSessionOpen(context))) {
      return next(new AppError('unauthenticated', authMessages.sessionExpired, { reason: 'session_ended' }));
    }
    req.auth = context;
    next();
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(new AppError('unauthenticated', authMessages.unauthenticated));
  next();
};

/** The signed-in user's id in a route behind `requireAuth`. */
export function currentUserId(req: Express.Request): string {
  if (!req.auth) throw new AppError('unauthenticated', authMessages.unauthenticated);
  return req.auth.userId;
}
