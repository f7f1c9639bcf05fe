import type { Database } from '@remit/eventstore';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

/** One counter: how many in its window, when the window ends, and when a block it carries ends. */
export interface LimitRecord {
  count: number;
  resetAt: Date;
  blockedUntil: Date | null;
}

/**
 * Counters every replica shares (DESIGN §11): in the database (PostgreSQL or the embedded store), or in
 * Redis when `REDIS_URL` is set. Times come from the caller's clock, so tests can move it.
 */
export interface LimitStore {
  /** One more hit in a fixed window that starts with the first hit. */
  hit(key: string, windowMs: number, at: Date): Promise<LimitRecord>;
  /** Takes one hit back. */
  unhit(key: string, at: Date): Promise<void>;
  /** One more failure; the record is forgotten `forgetMs` after the last one and blocked until `blockedUntil`. */
  fail(
    key: string,
    forgetMs: number,
    at: Date,
    blockedUntil: (failures: number) => Date | null,
  ): Promise<LimitRecord>;
  read(key: string, at: Date): Promise<LimitRecord | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

interface Row {
  count: number;
  reset_at: string | Date;
  blocked_until: string | Date | null;
}

const toRecord = (row: Row): LimitRecord => ({
  count: Number(row.count),
  resetAt: new Date(row.reset_at),
  blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
});

const CLEAN_EVERY_MS = 10 * 60_000;

/** The `shared_limits` table (kit migration 0000): one row per key, expired rows swept now and then. */
export function databaseLimitStore(db: Database): LimitStore {
  let lastClean = 0;

  function sweep(at: Date): void {
    if (at.getTime() - lastClean < CLEAN_EVERY_MS) return;
    lastClean = at.getTime();
    db.execute(sql`delete from shared_limits where reset_at < ${at.toISOString()}::timestamptz`).catch(() => {
      // Swept again at the next chance; an expired row is ignored meanwhile.
    });
  }

  return {
    async hit(key, windowMs, at) {
      sweep(at);
      const now = at.toISOString();
      const end = new Date(at.getTime() + windowMs).toISOString();
      const [row] = rowsOf<Row>(
        await db.execute(sql`
          insert into shared_limits (key, count, reset_at) values (${key}, 1, ${end}::timestamptz)
          on conflict (key) do update set
            count = case when shared_limits.reset_at <= ${now}::timestamptz then 1 else shared_limits.count + 1 end,
            reset_at = case when shared_limits.reset_at <= ${now}::timestamptz then excluded.reset_at
                            else shared_limits.reset_at end,
            blocked_until = case when shared_limits.reset_at <= ${now}::timestamptz then null
                                 else shared_limits.blocked_until end
          returning count, reset_at, blocked_until`),
      );
      return toRecord(row as Row);
    },
    async unhit(key, at) {
      await db.execute(sql`update shared_limits set count = greatest(count - 1, 0)
        where key = ${key} and reset_at > ${at.toISOString()}::timestamptz`);
    },
    async fail(key, forgetMs, at, blockedUntil) {
      sweep(at);
      const now = at.toISOString();
      const forget = new Date(at.getTime() + forgetMs).toISOString();
      const [row] = rowsOf<Row>(
        await db.execute(sql`
          insert into shared_limits (key, count, reset_at) values (${key}, 1, ${forget}::timestamptz)
          on conflict (key) do update set
            count = case when shared_limits.reset_at <= ${now}::timestamptz then 1 else shared_limits.count + 1 end,
            reset_at = excluded.reset_at
          returning count`),
      );
      const failures = Number((row as Row).count);
      const until = blockedUntil(failures);
      if (until) {
        await db.execute(sql`update shared_limits
          set blocked_until = greatest(coalesce(blocked_until, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)
          where key = ${key}`);
      }
      return { count: failures, resetAt: new Date(forget), blockedUntil: until };
    },
    async read(key, at) {
      const [row] = rowsOf<Row>(
        await db.execute(sql`select count, reset_at, blocked_until from shared_limits
          where key = ${key} and reset_at > ${at.toISOString()}::timestamptz`),
      );
      return row ? toRecord(row) : null;
    },
    async reset(key) {
      await db.execute(sql`delete from shared_limits where key = ${key}`);
    },
    close: async () => {},
  };
}

// Each script works on one hash {count, reset, blocked}; the key expires with its window in Redis too.
const HIT = `
local now = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset <= now then
  redis.call('DEL', KEYS[1])
  reset = now + tonumber(ARGV[1])
  redis.call('HSET', KEYS[1], 'reset', reset)
  redis.call('PEXPIREAT', KEYS[1], reset)
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return {count, reset, redis.call('HGET', KEYS[1], 'blocked') or false}`;

const FAIL = `
local now = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset <= now then redis.call('DEL', KEYS[1]) end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local forget = now + tonumber(ARGV[1])
redis.call('HSET', KEYS[1], 'reset', forget)
redis.call('PEXPIREAT', KEYS[1], forget)
return count`;

const BLOCK = `
local blocked = tonumber(redis.call('HGET', KEYS[1], 'blocked') or '0')
if tonumber(ARGV[1]) > blocked then redis.call('HSET', KEYS[1], 'blocked', ARGV[1]) end
return 1`;

const UNHIT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 1`;

/** Redis (`REDIS_URL`): the same counters as hashes under `prefix`, each an atomic script. */
export function redisLimitStore(url: string, prefix: string): LimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection trouble surfaces as the failing command's error (503 through the error handler).
  redis.on('error', () => {});
  const keyOf = (key: string) => `${prefix}${key}`;

  return {
    async hit(key, windowMs, at) {
      const [count, reset, blocked] = (await redis.eval(HIT, 1, keyOf(key), windowMs, at.getTime())) as [
        number,
        number,
        string | null,
      ];
      return {
        count: Number(count),
        resetAt: new Date(Number(reset)),
        blockedUntil: blocked ? new Date(Number(blocked)) : null,
      };
    },
    async unhit(key, at) {
      await redis.eval(UNHIT, 1, keyOf(key), at.getTime());
    },
    async fail(key, forgetMs, at, blockedUntil) {
      const failures = Number(await redis.eval(FAIL, 1, keyOf(key), forgetMs, at.getTime()));
      const until = blockedUntil(failures);
      if (until) await redis.eval(BLOCK, 1, keyOf(key), until.getTime());
      return { count: failures, resetAt: new Date(at.getTime() + forgetMs), blockedUntil: until };
    },
    async read(key, at) {
      const hash = await redis.hgetall(keyOf(key));
      const reset = Number(hash.reset ?? 0);
      if (reset <= at.getTime()) return null;
      return {
        count: Number(hash.count ?? 0),
        resetAt: new Date(reset),
        blockedUntil: hash.blocked ? new Date(Number(hash.blocked)) : null,
      };
    },
    async reset(key) {
      await redis.del(keyOf(key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when it is configured, else the database every replica already shares. */
export function openLimitStore(options: {
  db: Database;
  redisUrl?: string | undefined;
  redisPrefix: string;
}) {
  return options.redisUrl
    ? redisLimitStore(options.redisUrl, options.redisPrefix)
    : databaseLimitStore(options.db);
}
