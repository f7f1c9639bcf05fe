import { randomBytes } from 'node:crypto';
import { type AuthRateLimits, defaultAuthRateLimits } from '@remit/command';
import { authMessages } from '@remit/contracts';
import { type OpenDatabase, openDatabase } from '@remit/eventstore';
import { httpStores, openTestDatabase, testDatabaseUrl } from '@remit/eventstore/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { testRedisUrl } from './testing/redis.js';
import { signedInUser } from './testing/users.js';

const password = 'Sunflower42';
const limits: AuthRateLimits = {
  ...defaultAuthRateLimits,
  signUpPerIp: { windowMs: 3_600_000, limit: 3 },
  signInFailures: {
    freeFailures: 2,
    accountFreeFailures: 5,
    baseDelayMs: 60_000,
    maxDelayMs: 3_600_000,
    forgetMs: 24 * 3_600_000,
  },
};

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
const signUp = (app: TestApp, email: string, address?: string) =>
  app.post('/auth/signup', { name: 'Ada Lovelace', email, password }, address ? from(address) : {});
const signIn = (app: TestApp, email: string, guess: string, address: string) =>
  app.post('/auth/login', { email, password: guess }, from(address));

describe.each(httpStores())('rate limits by client address on %s', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('behind a proxy (TRUST_PROXY=1), counts each client, not the proxy', async () => {
    const app = await startTestApp(kind, { rateLimits: limits, env: { TRUST_PROXY: '1' } });
    apps.push(app);
    // 21 people behind the shipped proxy: each one's own address counts.
    for (let n = 1; n <= 21; n++)
      expect((await signUp(app, `p${n}@example.com`, `198.51.100.${n}`)).status).toBe(201);
    const statuses = [];
    for (let n = 1; n <= 4; n++)
      statuses.push((await signUp(app, `same${n}@example.com`, '203.0.113.7')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('not behind a proxy, ignores X-Forwarded-For, so rotating it gains nothing', async () => {
    const app = await startTestApp(kind, { rateLimits: limits });
    apps.push(app);
    const statuses = [];
    for (let n = 1; n <= 4; n++)
      statuses.push((await signUp(app, `r${n}@example.com`, `198.51.100.${n}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe.each(httpStores())('sign-in throttling on %s', (kind) => {
  let app: TestApp;
  let clock = Date.now();
  const wait = (ms: number) => {
    clock += ms;
  };

  beforeAll(async () => {
    app = await startTestApp(kind, {
      rateLimits: limits,
      env: { TRUST_PROXY: '1', SIGNUP_LIMIT_PER_IP_HOUR: '100' },
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('slows an attacker exponentially and never locks the owner out', async () => {
    await signedInUser(app, 'owner@example.com');
    const attacker = '203.0.113.66';
    const owner = '198.51.100.1';
    expect((await signIn(app, 'owner@example.com', password, owner)).status).toBe(200);

    // Two free failures, the third makes the attacker wait a minute: even the right password is 429.
    const guesses = [];
    for (let n = 0; n < 3; n++)
      guesses.push((await signIn(app, 'owner@example.com', `Wrong${n}x1`, attacker)).status);
    expect(guesses).toEqual([401, 401, 401]);
    const blocked = await signIn(app, 'owner@example.com', password, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(authMessages.tooManyAttempts);
    expect(Number(blocked.headers.get('retry-after'))).toBe(60);

    // The owner, elsewhere, signs in as always — repeatedly.
    for (let n = 0; n < 3; n++)
      expect((await signIn(app, 'owner@example.com', password, owner)).status).toBe(200);

    // The next failure doubles the wait.
    wait(61_000);
    expect((await signIn(app, 'owner@example.com', 'Wrong3x1', attacker)).status).toBe(401);
    expect(
      Number((await signIn(app, 'owner@example.com', 'Wrong4x1', attacker)).headers.get('retry-after')),
    ).toBe(120);
    wait(61_000);
    expect((await signIn(app, 'owner@example.com', 'Wrong4x1', attacker)).status).toBe(429);
    wait(60_000);
    expect((await signIn(app, 'owner@example.com', 'Wrong4x1', attacker)).status).toBe(401);
  });

  it('slows a distributed attack for new addresses only, until a link from the mailbox unlocks', async () => {
    const signup = await signUp(app, 'victim@example.com', '198.51.100.10');
    expect(signup.status).toBe(201);
    // Six addresses, one guess each: every pair stays free, the account as a whole does not.
    for (let n = 1; n <= 6; n++) {
      expect((await signIn(app, 'victim@example.com', 'Guess1234', `192.0.2.${n}`)).status).toBe(401);
    }
    expect((await signIn(app, 'victim@example.com', password, '192.0.2.99')).status).toBe(429);

    // The owner verifies the address from the e-mail: the counted failures are forgotten.
    const { token } = await signedInUser(app, 'victim@example.com', 'Ada Lovelace', { skipSignUp: true });
    expect(token).toBeTruthy();
    expect((await signIn(app, 'victim@example.com', password, '192.0.2.99')).status).toBe(200);

    // Another wave: strangers wait again, the address the owner just used does not.
    for (let n = 11; n <= 16; n++) {
      expect((await signIn(app, 'victim@example.com', 'Guess1234', `192.0.2.${n}`)).status).toBe(401);
    }
    expect((await signIn(app, 'victim@example.com', password, '192.0.2.98')).status).toBe(429);
    expect((await signIn(app, 'victim@example.com', password, '192.0.2.99')).status).toBe(200);
  });
});

/** Two app instances (replicas) that share only the counters' store. */
const sharedBackends = [
  ...(testDatabaseUrl ? (['postgres'] as const) : []),
  ...(testRedisUrl ? (['redis'] as const) : []),
];

describe.each(sharedBackends)('two instances sharing the limits in %s', (backend) => {
  let first: TestApp;
  let second: TestApp;
  let shared: OpenDatabase | undefined;

  beforeAll(async () => {
    if (backend === 'postgres') {
      // One database, two pools: as two command replicas see it.
      shared = await openTestDatabase('postgres');
      const other = await openDatabase({
        databaseUrl: testDatabaseUrl,
        dataDir: '',
        searchPath: shared.searchPath,
      });
      first = await startTestApp('postgres', { rateLimits: limits, database: shared });
      second = await startTestApp('postgres', { rateLimits: limits, database: other });
    } else {
      // Two apps with databases of their own: Redis is all they share.
      const env = {
        REDIS_URL: testRedisUrl as string,
        REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      };
      first = await startTestApp('pglite', { rateLimits: limits, env });
      second = await startTestApp('pglite', { rateLimits: limits, env });
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts one client against one limit, whichever instance answers', async () => {
    const statuses = [];
    for (let n = 1; n <= 4; n++) {
      const app = n % 2 === 1 ? first : second;
      statuses.push((await signUp(app, `shared${n}@example.com`)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('throttles sign-in failures across instances', async () => {
    const statuses = [];
    for (let n = 0; n < 4; n++) {
      const app = n % 2 === 0 ? first : second;
      statuses.push(
        (await app.post('/auth/login', { email: 'nobody@example.com', password: 'Wrong1234' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
