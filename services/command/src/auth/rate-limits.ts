import { authMessages } from '@remit/contracts';
import { AppError, type LimitStore, SharedRateLimitStore } from '@remit/kit';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { emailStreamId } from './tokens.js';

export interface RateLimitRule {
  windowMs: number;
  limit: number;
}

/**
 * Sign-in failures, per e-mail and client address: the first `freeFailures` cost nothing, then each
 * further one doubles the wait before the next try from that address (from `baseDelayMs` up to
 * `maxDelayMs`). The account's failures from every address together are throttled the same way past
 * `accountFreeFailures`, but only for addresses the owner has never signed in from: an attacker
 * elsewhere slows down, the owner at a known address does not. Forgotten `forgetMs` after the last one.
 */
export interface SignInThrottleRule {
  freeFailures: number;
  accountFreeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

/** Attempts allowed per window, per client address and per e-mail address (DESIGN §4). */
export interface AuthRateLimits {
  signUpPerIp: RateLimitRule;
  signUpPerEmail: RateLimitRule;
  signInPerIp: RateLimitRule;
  signInFailures: SignInThrottleRule;
  verifyPerIp: RateLimitRule;
  resendPerEmail: RateLimitRule;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const defaultAuthRateLimits: AuthRateLimits = {
  signUpPerIp: { windowMs: HOUR, limit: 20 },
  signUpPerEmail: { windowMs: HOUR, limit: 5 },
  signInPerIp: { windowMs: 15 * MINUTE, limit: 50 },
  signInFailures: {
    freeFailures: 5,
    accountFreeFailures: 50,
    baseDelayMs: 2_000,
    maxDelayMs: 15 * MINUTE,
    forgetMs: 24 * HOUR,
  },
  verifyPerIp: { windowMs: 15 * MINUTE, limit: 30 },
  resendPerEmail: { windowMs: HOUR, limit: 3 },
};

/** The client's address as the proxy settings (TRUST_PROXY) make it; IPv6 by its /56. */
export const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

const emailOf = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

function limiter(
  limits: LimitStore,
  name: string,
  rule: RateLimitRule,
  key: (req: Request) => string,
): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    store: new SharedRateLimitStore(limits, `rate:${name}:`),
    // X-Forwarded-For is ignored on purpose unless TRUST_PROXY names the proxies.
    validate: { xForwardedForHeader: false },
    // express-rate-limit has set Retry-After to the end of the window by now.
    handler: (_req, _res, next) => next(new AppError('rate_limited', authMessages.tooManyAttempts)),
  });
}

/** The e-mail's hash, never the address itself, names its counters. */
const byEmail = (req: Request) => emailStreamId(emailOf(req));

export function authLimiters(limits: LimitStore, rules: AuthRateLimits) {
  return {
    signUp: [
      limiter(limits, 'signup-ip', rules.signUpPerIp, clientAddress),
      limiter(limits, 'signup-email', rules.signUpPerEmail, byEmail),
    ],
    signIn: [limiter(limits, 'signin-ip', rules.signInPerIp, clientAddress)],
    verify: [limiter(limits, 'verify-ip', rules.verifyPerIp, clientAddress)],
    resend: [
      limiter(limits, 'resend-ip', rules.verifyPerIp, clientAddress),
      limiter(limits, 'resend-email', rules.resendPerEmail, byEmail),
    ],
    // As many reset e-mails as verification e-mails: enough for a person, too few to flood a mailbox.
    passwordReset: [
      limiter(limits, 'reset-ip', rules.verifyPerIp, clientAddress),
      limiter(limits, 'reset-email', rules.resendPerEmail, byEmail),
    ],
  };
}
