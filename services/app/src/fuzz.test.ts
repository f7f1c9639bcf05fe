import { testStores } from '@remit/eventstore/testing';
import { logHead } from '@remit/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzIds } from './testing/fuzz/routes.js';
import { fuzzRequests, knownCases, toFetch } from './testing/fuzz.js';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

const RUNS = 2_500;
/** PostgreSQL where the suites have it (a server process of its own: faster under load), else PGlite. */
const fuzzStore = testStores().at(-1) ?? 'pglite';
const SEED = 20261123;
const ANSWER_TIMEOUT_MS = 10_000;

/** Generous limits: the fuzzer must reach the commands, not the rate limiter. */
const openLimits = {
  signUpPerIp: { windowMs: 60_000, limit: 100_000 },
  signUpPerEmail: { windowMs: 60_000, limit: 100_000 },
  signInPerIp: { windowMs: 60_000, limit: 100_000 },
  signInFailures: {
    freeFailures: 100_000,
    accountFreeFailures: 100_000,
    baseDelayMs: 1,
    maxDelayMs: 1,
    forgetMs: 60_000,
  },
  verifyPerIp: { windowMs: 60_000, limit: 100_000 },
  resendPerEmail: { windowMs: 60_000, limit: 100_000 },
};

describe(`hostile input to every command route (${fuzzStore})`, () => {
  let app: TestApp;
  let token: string;
  let logoutToken: string;
  let ids: FuzzIds;

  beforeAll(async () => {
    app = await startTestApp(fuzzStore, { rateLimits: openLimits });
    const email = 'fuzz@example.com';
    ({ token } = await signedInUser(app, email));
    // POST /auth/logout ends the session it is sent with: it gets a session of its own.
    const second = await app.post('/auth/login', { email, password: 'Sunflower42' });
    logoutToken = String(second.body.token);
    const invoice = await postInvoice(app, token, invoicePayload());
    const method = await app.post(
      '/settings/payment-methods',
      { name: 'Bank', type: 'bank_transfer' },
      { token },
    );
    const checkout = await app.post(
      '/create-checkout-session',
      { plan: 'per-invoice', isOneTime: true, invoiceId: (invoice.body.invoice as { ID: string }).ID },
      { token },
    );
    ids = {
      invoiceId: (invoice.body.invoice as { ID: string }).ID,
      paymentMethodId: (method.body.paymentMethod as { ID: string }).ID,
      sessionId: String(checkout.body.sessionId),
      email,
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`answers ${RUNS} fuzzed requests with no 5xx, no hang and no event from a refusal`, async () => {
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const eventsFromRefusals: string[] = [];
    await fc.assert(
      fc.asyncProperty(fuzzRequests(ids), async (request) => {
        const { path, init } = toFetch(
          request,
          ids,
          request.route.path(ids) === '/auth/logout' ? logoutToken : token,
        );
        // Resend-verification and forgot-password answer 202 first and write afterwards: that work ends
        // before the next request is judged.
        await app.remit.settled();
        const headBefore = await logHead(app.database.db);
        let status: number;
        let text: string;
        try {
          const response = await fetch(`${app.base}/api${path}`, {
            ...init,
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          });
          status = response.status;
          text = await response.text();
        } catch (error) {
          serverErrors.push(`${init.method} ${path}: no answer (${(error as Error).message})`);
          return;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          serverErrors.push(`${init.method} ${path} [${request.encoding}]: ${status} ${text.slice(0, 200)}`);
        }
        // A refused request leaves the log as it was: nobody can grow it by sending nonsense.
        await app.remit.settled();
        if (status >= 400 && (await logHead(app.database.db)) !== headBefore) {
          eventsFromRefusals.push(
            `${init.method} ${path} [${request.encoding}]: ${status} ${text.slice(0, 120)}`,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false, examples: knownCases().map((known) => [known]) },
    );
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const clientErrors = [...statuses].filter(([status]) => status >= 400 && status < 500);
    console.info(
      `fuzz: ${total} requests; ${clientErrors.reduce((sum, [, count]) => sum + count, 0)} 4xx; ` +
        `${serverErrors.length} 5xx or unanswered; by status ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(serverErrors).toEqual([]);
    expect(eventsFromRefusals).toEqual([]);
  }, 180_000);
});
