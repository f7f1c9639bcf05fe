import { AppError } from '@remit/kit';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { waitForPosition } from './consistency.js';

/** Runs the middleware as Express would and reports what it did to the request. */
async function ask(
  middleware: ReturnType<typeof waitForPosition>,
  header: string | undefined,
  signedIn = true,
): Promise<{ error?: unknown; stale: boolean }> {
  const headers: Record<string, string> = {};
  const req = {
    get: (name: string) => (name.toLowerCase() === 'x-remit-position' ? header : undefined),
    ...(signedIn ? { auth: { userId: 'u1', sessionId: 's1' } } : {}),
  } as unknown as Request;
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
  let error: unknown;
  try {
    await new Promise<void>((resolve, reject) => {
      // Express 5 passes a rejected handler's error on to `next`.
      Promise.resolve(
        middleware(req, res, (failure?: unknown) => (failure ? reject(failure) : resolve())),
      ).catch(reject);
    });
  } catch (caught) {
    error = caught;
  }
  return { error, stale: headers['X-Remit-Stale'] === 'true' };
}

/** A log whose head is 100 and whose read models have applied up to `applied` (counting the checks). */
function log(applied: bigint) {
  const state = { applied, checks: 0 };
  const middleware = waitForPosition({
    hasApplied: async (position) => {
      state.checks++;
      return position <= state.applied;
    },
    head: async () => 100n,
    maxWaitMs: 2_000,
  });
  return { state, middleware };
}

describe('read-your-writes (X-Remit-Position)', () => {
  it('refuses what is not a position with 400', async () => {
    const { middleware } = log(100n);
    for (const header of ['abc', '-1', '1e5', '', ' 5', '9223372036854775808', '99999999999999999999']) {
      const { error } = await ask(middleware, header);
      expect(error, header).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
    expect((await ask(middleware, '9223372036854775807')).error).toBeUndefined();
  });

  it('never holds an anonymous request or a position past the head', async () => {
    const { state, middleware } = log(10n);
    expect(await ask(middleware, '50', false)).toEqual({ error: undefined, stale: false });
    expect(state.checks).toBe(0);
    expect(await ask(middleware, '999999999')).toEqual({ error: undefined, stale: false });
    // One look at the read models and one at the head: no poll.
    expect(state.checks).toBe(1);
  });

  it('holds a signed-in person up to the deadline, then answers marked stale', async () => {
    const { middleware } = log(10n);
    expect(await ask(middleware, '50')).toEqual({ error: undefined, stale: true });
  });

  it('lets many requests for one position share one poll, and go once it is applied', async () => {
    const { state, middleware } = log(10n);
    const waiting = Array.from({ length: 50 }, () => ask(middleware, '60'));
    // Every request's first look, then a few rounds of polls.
    await expect.poll(() => state.checks, { interval: 5 }).toBeGreaterThanOrEqual(50 + 3);
    const checksWhileWaiting = state.checks;
    state.applied = 60n;
    expect(await Promise.all(waiting)).toEqual(Array(50).fill({ error: undefined, stale: false }));
    // 50 first looks, then one shared poll every 15 ms: far fewer than 50 polls would make.
    expect(checksWhileWaiting).toBeLessThan(50 + 30);
  });

  it('asks again when the read models move, not on a timer of its own', async () => {
    const state = { applied: 10n, checks: 0 };
    // A projector in this process: batches committed so far, and the wait for the next.
    let batches = 0;
    let move = () => {};
    let waits = 0;
    const commitBatch = () => {
      batches++;
      move();
    };
    const middleware = waitForPosition({
      hasApplied: async (position) => {
        state.checks++;
        // A batch commits while the first look runs: the request must not wait for the next one.
        if (state.checks === 1) batches++;
        return position <= state.applied;
      },
      head: async () => 100n,
      maxWaitMs: 60_000,
      moved: {
        mark: () => batches,
        after: (mark) =>
          batches > mark
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                waits++;
                move = resolve;
              }),
      },
    });
    const answer = ask(middleware, '60');
    // The batch during the first look: looked again at once, then it waits.
    await expect.poll(() => waits, { interval: 5 }).toBe(1);
    expect(state.checks).toBe(2);
    // A batch that does not reach 60: one more look, then it waits again.
    commitBatch();
    await expect.poll(() => waits, { interval: 5 }).toBe(2);
    state.applied = 60n;
    commitBatch();
    expect(await answer).toEqual({ error: undefined, stale: false });
    // One look per batch, none in between.
    expect(state.checks).toBe(4);
  });
});
