import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { type Clock, systemClock } from '../clock.js';
import type { LimitStore } from './store.js';

/**
 * express-rate-limit's store over the shared counters, so every replica counts the same hits. One per
 * limiter (express-rate-limit refuses to share one), each with its own key prefix.
 */
export class SharedRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly limits: LimitStore,
    readonly prefix: string,
    private readonly now: Clock = systemClock,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const record = await this.limits.read(`${this.prefix}${key}`, this.now());
    return record ? { totalHits: record.count, resetTime: record.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const record = await this.limits.hit(`${this.prefix}${key}`, this.windowMs, this.now());
    return { totalHits: record.count, resetTime: record.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.limits.unhit(`${this.prefix}${key}`, this.now());
  }

  async resetKey(key: string): Promise<void> {
    await this.limits.reset(`${this.prefix}${key}`);
  }
}
