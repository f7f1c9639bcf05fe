import { randomBytes } from 'node:crypto';
import type { OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testRedisUrl, testStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSharedState } from './migrate.js';
import { databaseLimitStore, type LimitStore, redisLimitStore } from './store.js';

/** Redis for the suites, like TEST_DATABASE_URL for PostgreSQL (CI sets both). */

const backends = [...testStores(), ...(testRedisUrl ? (['redis'] as const) : [])];

describe.each(backends)('shared limit counters in %s', (backend) => {
  let database: OpenDatabase | undefined;
  let limits: LimitStore;
  // Ahead of the real clock: Redis expires keys by the real one.
  const start = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
  const later = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    if (backend === 'redis') {
      limits = redisLimitStore(testRedisUrl as string, `test-${randomBytes(6).toString('hex')}:`);
    } else {
      database = await openTestDatabase(backend);
      await migrateSharedState(database);
      limits = databaseLimitStore(database.db);
    }
  });
  afterAll(async () => {
    await limits?.close();
    await database?.close();
  });

  it('counts hits in a window that starts with the first, then starts over', async () => {
    const first = await limits.hit('window', 60_000, start);
    expect(first).toMatchObject({ count: 1, resetAt: later(60_000) });
    expect((await limits.hit('window', 60_000, later(10_000))).count).toBe(2);
    await limits.unhit('window', later(10_000));
    expect((await limits.hit('window', 60_000, later(59_000))).count).toBe(2);
    expect(await limits.hit('window', 60_000, later(60_000))).toMatchObject({
      count: 1,
      resetAt: later(120_000),
    });
    expect((await limits.read('window', later(61_000)))?.count).toBe(1);
    expect(await limits.read('window', later(200_000))).toBeNull();
  });

  it('records failures with the block the caller decides, forgotten after the last one', async () => {
    const blockFrom3 = (failures: number) => (failures >= 3 ? later(failures * 1_000) : null);
    await limits.fail('guesses', 60_000, start, blockFrom3);
    await limits.fail('guesses', 60_000, later(30_000), blockFrom3);
    const third = await limits.fail('guesses', 60_000, later(50_000), blockFrom3);
    expect(third).toMatchObject({ count: 3, blockedUntil: later(3_000) });
    // Forgotten a minute after the last failure, not the first.
    expect((await limits.read('guesses', later(100_000)))?.blockedUntil).toEqual(later(3_000));
    expect(await limits.read('guesses', later(111_000))).toBeNull();
    await limits.reset('guesses');
    expect(await limits.read('guesses', start)).toBeNull();
  });
});
