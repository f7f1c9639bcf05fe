import { authMessages } from '@remit/contracts';
import { AppError, type LimitStore } from '@remit/kit';
import type { SignInThrottleRule } from './rate-limits.js';
import { emailStreamId } from './tokens.js';

const KNOWN_ADDRESS_MS = 90 * 24 * 3_600_000;

/**
 * Slows password guessing for one account without locking its owner out (issue 12: ten wrong passwords
 * from anywhere used to make the right one answer 429 for ever):
 * - per account and address: a few free failures, then an exponential wait before that address may try
 *   again, checked before the password is (a blocked guess learns nothing);
 * - per account, from every address together: the same, but only for addresses the owner never signed in
 *   from, so a distributed attack slows strangers and not the owner at home;
 * - a successful sign-in clears its address's failures; a link from the owner's mailbox (verification,
 *   password reset) clears them all, by moving the account to a new generation of counters.
 */
export function createSignInThrottle(limits: LimitStore, rule: SignInThrottleRule, now: () => Date) {
  const account = (email: string) => emailStreamId(email).slice('email-'.length);
  const generationKey = (email: string) => `signin-generation:${account(email)}`;

  async function keysFor(email: string, address: string) {
    const generation = (await limits.read(generationKey(email), now()))?.count ?? 0;
    const id = `${account(email)}:${generation}`;
    return {
      pair: `signin-fail:${id}:${address}`,
      account: `signin-fail:${id}:*`,
      known: `signin-known:${account(email)}:${address}`,
    };
  }

  /** The wait after `failures` failures with `free` of them free: none, then base, 2 × base, … up to max. */
  function blockedUntil(failures: number, free: number): Date | null {
    if (failures <= free) return null;
    const delay = Math.min(rule.baseDelayMs * 2 ** (failures - free - 1), rule.maxDelayMs);
    return new Date(now().getTime() + delay);
  }

  function refuse(until: Date): never {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000));
    throw new AppError('rate_limited', authMessages.tooManyAttempts, {
      reason: 'too_many_attempts',
      retryAfterSeconds: seconds,
    });
  }

  return {
    /** Before the password is checked: 429 with Retry-After while this address must wait. */
    async check(email: string, address: string): Promise<void> {
      const keys = await keysFor(email, address);
      const at = now();
      const pair = await limits.read(keys.pair, at);
      if (pair?.blockedUntil && pair.blockedUntil > at) refuse(pair.blockedUntil);
      const all = await limits.read(keys.account, at);
      if (all?.blockedUntil && all.blockedUntil > at && !(await limits.read(keys.known, at))) {
        refuse(all.blockedUntil);
      }
    },

    async failed(email: string, address: string): Promise<void> {
      const keys = await keysFor(email, address);
      await limits.fail(keys.pair, rule.forgetMs, now(), (failures) =>
        blockedUntil(failures, rule.freeFailures),
      );
      await limits.fail(keys.account, rule.forgetMs, now(), (failures) =>
        blockedUntil(failures, rule.accountFreeFailures),
      );
    },

    /** The right password: this address starts afresh and counts as the owner's from now on. */
    async succeeded(email: string, address: string): Promise<void> {
      const keys = await keysFor(email, address);
      await limits.reset(keys.pair);
      await limits.hit(keys.known, KNOWN_ADDRESS_MS, now());
    },

    /** The owner proved they hold the mailbox: every failure counted so far is forgotten. */
    async unlock(email: string): Promise<void> {
      await limits.hit(generationKey(email), rule.forgetMs * 30, now());
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
