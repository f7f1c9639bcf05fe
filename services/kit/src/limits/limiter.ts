import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../errors.js';
import { SharedRateLimitStore } from './express-store.js';
import type { LimitStore } from './store.js';

export interface RateLimitRule {
  windowMs: number;
  limit: number;
}

/** The client's address as the proxy settings (TRUST_PROXY) make it; IPv6 by its /56. */
export const clientAddressKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * A fixed-window limit over the shared counters (every replica counts the same hits): past `rule.limit`
 * hits in the window, 429 with `message`, `Retry-After` (seconds to the window's end) and the draft-8
 * `RateLimit` headers. `name` keeps its counters apart from every other limiter's.
 */
export function sharedRateLimit(
  limits: LimitStore,
  name: string,
  rule: RateLimitRule,
  message: string,
  options: { key?: (req: Request) => string; now?: () => Date } = {},
): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: options.key ?? clientAddressKey,
    store: new SharedRateLimitStore(limits, `rate:${name}:`, options.now),
    // X-Forwarded-For is ignored on purpose unless TRUST_PROXY names the proxies.
    validate: { xForwardedForHeader: false },
    // express-rate-limit has set Retry-After to the end of the window by now.
    handler: (_req, _res, next) => next(new AppError('rate_limited', message)),
  });
}
