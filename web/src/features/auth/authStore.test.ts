import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readToken, storeToken } from '../../api/session';
import { firstScreenShown } from '../../firstScreen';
import { deferred, mockApi, testUser } from '../../test/api';
import { type AuthView, createAuthStore } from './authStore';

/** Resolves with the store's view once `done` holds for it. */
function until(
  store: ReturnType<typeof createAuthStore>,
  done: (view: AuthView) => boolean,
): Promise<AuthView> {
  return new Promise((resolve) => {
    if (done(store.getSnapshot())) return resolve(store.getSnapshot());
    const stop = store.subscribe(() => {
      if (!done(store.getSnapshot())) return;
      stop();
      resolve(store.getSnapshot());
    });
  });
}

const asked = (requests: { method: string; path: string }[], path: string) =>
  requests.filter((request) => request.path === path).length;

describe('the auth store on a signed-in start', () => {
  it('draws from its own session check, then the machine takes that answer without asking again', async () => {
    const status = deferred<void>();
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'POST /auth/logout': () => {
        status.resolve();
        return { body: { message: 'Signed out' } };
      },
    });
    storeToken('stored-token');
    const store = createAuthStore(new QueryClient());
    const stop = store.start();
    expect(store.getSnapshot().status).toBe('checking');

    const signedIn = await until(store, (view) => view.status === 'signedIn');
    expect(signedIn.context).toEqual({ user: testUser, subscribed: true, offline: false, loggedOut: false });

    // The machine loads once the first screen is drawn; the flows run through it from then on.
    firstScreenShown();
    store.send({ type: 'LOGOUT' });
    await status.promise;
    const signedOut = await until(store, (view) => view.status === 'signedOut');
    expect(signedOut.context.loggedOut).toBe(true);
    expect(readToken()).toBeNull();
    expect(asked(requests, '/auth/status')).toBe(1);
    expect(asked(requests, '/check-subscription')).toBe(1);
    stop();
  });

  it('signs out when its check is refused, clearing the token, without asking twice', async () => {
    const { requests } = mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Please sign in to continue' } }),
      'GET /check-subscription': () => ({ status: 401, body: { error: 'Please sign in to continue' } }),
    });
    storeToken('expired-token');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['something', 'cached'], 'of the last user');
    const store = createAuthStore(queryClient);
    const stop = store.start();

    const signedOut = await until(store, (view) => view.status === 'signedOut');
    expect(signedOut.context.user).toBeNull();
    expect(readToken()).toBeNull();
    expect(queryClient.getQueryData(['something', 'cached'])).toBeUndefined();
    expect(asked(requests, '/auth/status')).toBe(1);
    stop();
  });
});
