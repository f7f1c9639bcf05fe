import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authKeys } from '../../api/keys';
import { readToken, storeToken } from '../../api/session';
import { authMachine } from '../../machines/auth';
import { mockApi, testUser } from '../../test/api';
import { createAuthActors } from './actors';

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
