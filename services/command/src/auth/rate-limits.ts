import { authMessages } from '@remit/contracts';
import { AppError } from '@remit/kit';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

export interface RateLimitRule {
  windowMs: number;
  limit: number;
}

/** Attempts allowed per window, per client address and per e-mail address (DESIGN §4). */
export interface AuthRateLimits {
  signUpPerIp: RateLimitRule;
  signUpPerEmail: RateLimitRule;
  signInPerIp: RateLimitRule;
  signInPerEmail: RateLimitRule;
  verifyPerIp: RateLimitRule;
  resendPerEmail: RateLimitRule;
}

const MINUTE = 60_000;

export const defaultAuthRateLimits: AuthRateLimits = {
  signUpPerIp: { windowMs: 60 * MINUTE, limit: 20 },
  signUpPerEmail: { windowMs: 60 * MINUTE, limit: 5 },
  signInPerIp: { windowMs: 15 * MINUTE, limit: 50 },
  signInPerEmail: { windowMs: 15 * MINUTE, limit: 10 },
  verifyPerIp: { windowMs: 15 * MINUTE, limit: 30 },
  resendPerEmail: { windowMs: 60 * MINUTE, limit: 3 },
};

function limiter(rule: RateLimitRule, key: (req: Parameters<RequestHandler>[0]) => string): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    handler: (_req, _res, next) => next(new AppError('rate_limited', authMessages.tooManyAttempts)),
  });
}

const byIp = (req: Parameters<RequestHandler>[0]) => ipKeyGenerator(req.ip ?? 'unknown');
const byEmail = (req: Parameters<RequestHandler>[0]) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

export function authLimiters(limits: AuthRateLimits) {
  return {
    signUp: [limiter(limits.signUpPerIp, byIp), limiter(limits.signUpPerEmail, byEmail)],
    signIn: [limiter(limits.signInPerIp, byIp), limiter(limits.signInPerEmail, byEmail)],
    verify: [limiter(limits.verifyPerIp, byIp)],
    resend: [limiter(limits.verifyPerIp, byIp), limiter(limits.resendPerEmail, byEmail)],
  };
}
