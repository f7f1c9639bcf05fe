import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authKeys, billingKeys } from '../../api/keys';
import { readToken, storeToken } from '../../api/session';
import type { RemitDatabase } from '../../db/database';
import { restoreAtStart } from '../../db/persistQueries';
import { deferred, mockApi, testUser } from '../../test/api';
import { createAuthActors } from './actors';
import { authMachine } from './authMachine';

function start(queryClient: QueryClient) {
  return createActor(authMachine.provide({ actors: createAuthActors(queryClient) })).start();
}

describe('auth actors', () => {
  it('checks the status and the subscription with the stored token', async () => {
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
    });
    storeToken('abc');
    const actor = start(new QueryClient());
    const snapshot = await waitFor(actor, (state) => state.matches('signedIn'));
    expect(snapshot.context).toMatchObject({ user: testUser, subscribed: true, offline: false });
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer abc',
      'Bearer abc',
    ]);
  });

  it('keeps the last known user when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const queryClient = new QueryClient();
    queryClient.setQueryData(authKeys.session, testUser);
    storeToken('abc');
    const snapshot = await waitFor(start(queryClient), (state) => state.matches('signedIn'));
    expect(snapshot.context).toMatchObject({ user: testUser, offline: true });
  });

  it('an offline cold start waits for the restore from IndexedDB however long it takes, and keeps Pro', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    // The cached session and subscription as IndexedDB holds them, handed over only when the test says.
    const rows = [
      { queryKey: authKeys.session, data: testUser, updatedAt: Date.now() },
      { queryKey: billingKeys.subscribed, data: true, updatedAt: Date.now() },
    ];
    const opened = deferred<RemitDatabase>();
    const database = {
      queries: { where: () => ({ equals: () => ({ toArray: async () => rows }) }) },
    } as unknown as RemitDatabase;
    const queryClient = new QueryClient();
    // The settable clock: 2.5 s pass at once, with every timer the check set firing in its turn.
    vi.useFakeTimers();
    void restoreAtStart(queryClient, () => opened.promise, testUser.id);
    storeToken('abc');
    const actor = start(queryClient);
    try {
      // Longer than the old 1.5 s race plus the 0.5 s second try: the check must still be waiting.
      await vi.advanceTimersByTimeAsync(2_500);
      vi.useRealTimers();
      expect(actor.getSnapshot().matches('checking')).toBe(true);
      opened.resolve(database);
      const snapshot = await waitFor(actor, (state) => state.matches('signedIn'));
      expect(snapshot.context).toMatchObject({ user: testUser, subscribed: true, offline: true });
      expect(readToken()).toBe('abc');
    } finally {
      vi.useRealTimers();
      actor.stop();
      await restoreAtStart(queryClient, () => opened.promise, null);
    }
  });

  it('keeps the cached user and subscription while the server answers only 503', async () => {
    mockApi({
      'GET /auth/status': () => ({ status: 503, body: { error: 'Remit is briefly unavailable.' } }),
      'GET /check-subscription': () => ({ status: 503, body: { error: 'Remit is briefly unavailable.' } }),
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(authKeys.session, testUser);
    queryClient.setQueryData(billingKeys.subscribed, true);
    storeToken('abc');
    const snapshot = await waitFor(start(queryClient), (state) => state.matches('signedIn'), {
      timeout: 8_000,
    });
    expect(snapshot.context).toMatchObject({ user: testUser, subscribed: true, offline: true });
    expect(readToken()).toBe('abc');
  });

  it('signs out when offline with nothing cached, after asking once more', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    storeToken('abc');
    await waitFor(start(new QueryClient()), (state) => state.matches('signedOut'));
    // The status and the subscription, twice.
    expect(calls).toBe(4);
    expect(readToken()).toBeNull();
  });

  it('stays signed in when the server was out of reach for a moment', async () => {
    let statusChecks = 0;
    mockApi({
      'GET /auth/status': () => {
        statusChecks += 1;
        if (statusChecks === 1) throw new TypeError('Failed to fetch');
        return { body: { user: testUser } };
      },
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    storeToken('abc');
    const snapshot = await waitFor(start(new QueryClient()), (state) => state.matches('signedIn'));
    expect(snapshot.context.user).toEqual(testUser);
    expect(readToken()).toBe('abc');
  });

  it('keeps the token when the check is cancelled because the page is being left', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.useFakeTimers();
    storeToken('abc');
    const actor = start(new QueryClient());
    window.dispatchEvent(new Event('pagehide'));
    try {
      // Well past the one more try a lost network gets (500 ms).
      await vi.advanceTimersByTimeAsync(1_500);
      expect(actor.getSnapshot().matches('checking')).toBe(true);
      expect(readToken()).toBe('abc');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
      actor.stop();
      vi.useRealTimers();
    }
  });

  it('asks again while the server is restarting (503) instead of signing out', async () => {
    let statusChecks = 0;
    mockApi({
      'GET /auth/status': () => {
        statusChecks += 1;
        return statusChecks < 3
          ? { status: 503, body: { error: 'Remit is briefly unavailable.' }, headers: { 'Retry-After': '5' } }
          : { body: { user: testUser } };
      },
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    storeToken('abc');
    const snapshot = await waitFor(start(new QueryClient()), (state) => state.matches('signedIn'), {
      timeout: 5_000,
    });
    expect(snapshot.context.user).toEqual(testUser);
    expect(statusChecks).toBe(3);
  });

  it('signs out when the server stays unavailable, and at once on a refused token', async () => {
    let statusChecks = 0;
    mockApi({
      'GET /auth/status': () => {
        statusChecks += 1;
        return { status: 503, body: { error: 'Remit is briefly unavailable.' } };
      },
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    storeToken('abc');
    await waitFor(start(new QueryClient()), (state) => state.matches('signedOut'), { timeout: 8_000 });
    expect(statusChecks).toBe(4);

    statusChecks = 0;
    mockApi({
      'GET /auth/status': () => {
        statusChecks += 1;
        return { status: 401, body: { error: 'Your session has expired. Please sign in again.' } };
      },
      'GET /check-subscription': () => ({ status: 401, body: { error: 'Your session has expired.' } }),
    });
    storeToken('abc');
    await waitFor(start(new QueryClient()), (state) => state.matches('signedOut'));
    expect(statusChecks).toBe(1);
  });
});
