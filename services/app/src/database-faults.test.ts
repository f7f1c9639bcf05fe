import type { PaymentMethod } from '@remit/contracts';
import { openDatabase } from '@remit/eventstore';
import {
  findPostgresBinaries,
  openTestDatabase,
  type PrivatePostgres,
  startPrivatePostgres,
  testDatabaseUrl,
} from '@remit/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { signedInUser } from './testing/users.js';

const REQUEST_TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  at: number;
}

/**
 * Four clients adding payment methods as fast as they are answered, each with its own name, so an
 * acknowledged write can be looked for afterwards. An answer that never comes, or a connection the
 * server drops, is recorded as a failure.
 */
function startLoad(app: TestApp, tokens: string[]) {
  const acknowledged: { name: string; at: number }[] = [];
  const refused: Answer[] = [];
  const failures: string[] = [];
  let running = true;
  let counter = 0;
  // One person per client: the test is about the database going away, not about four writers racing
  // for one user's list of payment methods.
  const worker = async (token: string) => {
    while (running) {
      const name = `Method ${++counter}`;
      try {
        const response = await fetch(`${app.base}/api/settings/payment-methods`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name, type: 'bank_transfer' }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.text();
        const at = performance.now();
        if (response.status === 201) acknowledged.push({ name, at });
        else refused.push({ status: response.status, retryAfter: response.headers.get('retry-after'), at });
      } catch (error) {
        failures.push(`${name}: ${(error as Error).name} ${(error as Error).message}`);
      }
      // Keeps the answers from being a tight loop while the database is away.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const workers = tokens.map(worker);
  return {
    acknowledged,
    refused,
    failures,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function methodNames(app: TestApp, tokens: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const token of tokens) {
    const answer = await app.get('/settings/payment-methods', { token });
    expect(answer.status).toBe(200);
    names.push(...(answer.body.paymentMethods as PaymentMethod[]).map((method) => method.Name));
  }
  return names;
}

async function expectEverythingAcknowledgedKept(app: TestApp, tokens: string[], names: string[]) {
  // The projector resumed from its checkpoint and applied what was written around the outage.
  await app.remit.caughtUp();
  const listed = await methodNames(app, tokens);
  expect(names.length).toBeGreaterThan(0);
  expect(listed).toEqual(expect.arrayContaining(names));
}

async function fourPeople(app: TestApp, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 1; n <= 4; n++) tokens.push((await signedInUser(app, `${prefix}-${n}@example.com`)).token);
  return tokens;
}

// PostgreSQL only: without TEST_DATABASE_URL the file reports skipped suites rather than none.
describe.runIf(testDatabaseUrl)('a PostgreSQL restart under load', () => {
  let cluster: PrivatePostgres;
  let app: TestApp;
  let tokens: string[];

  beforeAll(async () => {
    const bin = await findPostgresBinaries();
    if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
    cluster = await startPrivatePostgres(bin);
    const database = await openDatabase({
      databaseUrl: cluster.url,
      dataDir: '',
      applicationName: 'remit-restart',
    });
    app = await startTestApp('postgres', { database });
    tokens = await fourPeople(app, 'restart');
  });
  afterAll(async () => {
    await app?.close();
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After while the database is down, then works again with nothing lost', async () => {
    const load = startLoad(app, tokens);
    await expect.poll(() => load.acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(8);

    await cluster.stop();
    await expect.poll(() => load.refused.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(8);
    const health = await app.get('/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', store: 'unreachable' });
    expect(health.headers.get('retry-after')).toBe('5');

    await cluster.start();
    const upAt = performance.now();
    await expect
      .poll(() => load.acknowledged.filter((ack) => ack.at > upAt).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(8);
    await load.stop();

    const firstAnswer = load.acknowledged.find((ack) => ack.at > upAt)?.at ?? Number.NaN;
    console.info(
      `PostgreSQL restart: commands answered again ${Math.round(firstAnswer - upAt)} ms after it was up`,
    );
    expect(load.failures).toEqual([]);
    expect(load.refused.length).toBeGreaterThan(0);
    for (const answer of load.refused)
      expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
    expect((await app.get('/health')).status).toBe(200);
    await expectEverythingAcknowledgedKept(
      app,
      tokens,
      load.acknowledged.map((ack) => ack.name),
    );
  });
});

describe.runIf(testDatabaseUrl)('connections cut under load', () => {
  let app: TestApp;
  let tokens: string[];
  const applicationName = `remit-cut-${process.pid}`;

  beforeAll(async () => {
    const database = await openTestDatabase('postgres', { applicationName });
    app = await startTestApp('postgres', { database });
    tokens = await fourPeople(app, 'cut');
  });
  afterAll(async () => {
    await app?.close();
  });

  /** What a network blip or a failover does to the server's sessions: each is cut, mid-query or idle. */
  async function cutConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('loses no acknowledged write and never leaves a request unanswered', async () => {
    const load = startLoad(app, tokens);
    for (let round = 0; round < 3; round++) {
      const before = load.acknowledged.length;
      await expect
        .poll(() => load.acknowledged.length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(before + 5);
      expect(await cutConnections()).toBeGreaterThan(0);
    }
    const after = load.acknowledged.length;
    await expect.poll(() => load.acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(after + 5);
    await load.stop();

    expect(load.failures).toEqual([]);
    for (const answer of load.refused)
      expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
    await expectEverythingAcknowledgedKept(
      app,
      tokens,
      load.acknowledged.map((ack) => ack.name),
    );
  });
});
