import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors';
import { readToken, storeToken } from '../../api/session';
import { testUser } from '../../test/api';
import { authMachine, type Session } from './authMachine';

function startAuth(
  options: {
    loadSession?: () => Promise<Session>;
    loadSubscription?: () => Promise<boolean>;
    endSession?: (token: string | null) => Promise<void>;
  } = {},
) {
  const clearCachedData = vi.fn();
  const loadSession = vi.fn(
    options.loadSession ?? (async () => ({ user: testUser, subscribed: false, offline: false })),
  );
  const loadSubscription = vi.fn(options.loadSubscription ?? (async () => true));
  const endSession = vi.fn(options.endSession ?? (async () => {}));
  const actor = createActor(
    authMachine.provide({
      actors: {
        loadSession: fromPromise(() => loadSession()),
        loadSubscription: fromPromise(() => loadSubscription()),
        endSession: fromPromise<void, { token: string | null }>(({ input }) => endSession(input.token)),
      },
      actions: { clearCachedData },
    }),
  ).start();
  return { actor, loadSession, loadSubscription, endSession, clearCachedData };
}

const refused = () => Promise.reject(new ApiError(401, 'Please sign in to continue'));

describe('auth machine', () => {
  it('starts signed out without checking when there is no token', () => {
    const { actor, loadSession, clearCachedData } = startAuth();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(loadSession).not.toHaveBeenCalled();
    expect(clearCachedData).toHaveBeenCalled();
  });

  it('checks a stored token on start and signs in with the user and subscription', async () => {
    storeToken('stored-token');
    const { actor } = startAuth({
      loadSession: async () => ({ user: testUser, subscribed: true, offline: false }),
    });
    expect(actor.getSnapshot().value).toBe('checking');
    const snapshot = await waitFor(actor, (state) => state.matches('signedIn'));
    expect(snapshot.context).toMatchObject({ user: testUser, subscribed: true });
  });

  it('a re-check asked for while the start is checking is not lost: the check starts again', async () => {
    storeToken('stored-token');
    // The first check answers with what the server had before the change (not subscribed yet).
    let answered = false;
    const answers: boolean[] = [];
    const { actor, loadSession } = startAuth({
      loadSession: () =>
        new Promise((resolve) => {
          const subscribed = answered;
          answered = true;
          answers.push(subscribed);
          setTimeout(() => resolve({ user: testUser, subscribed, offline: false }), 20);
        }),
    });
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'NAVIGATED' });
    const snapshot = await waitFor(actor, (state) => state.matches('signedIn'));
    expect(loadSession).toHaveBeenCalledTimes(2);
    expect(snapshot.context.subscribed).toBe(true);
    expect(answers).toEqual([false, true]);
  });

  it('clears the token and the user when the check fails', async () => {
    storeToken('expired-token');
    const { actor, clearCachedData } = startAuth({ loadSession: refused });
    const snapshot = await waitFor(actor, (state) => state.matches('signedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(readToken()).toBeNull();
    expect(clearCachedData).toHaveBeenCalled();
  });

  it('also signs out when the check fails for any other reason', async () => {
    storeToken('token');
    const { actor } = startAuth({ loadSession: () => Promise.reject(new ApiError(500, 'Server error')) });
    await waitFor(actor, (state) => state.matches('signedOut'));
    expect(readToken()).toBeNull();
  });

  it('stores the token on sign-in and checks the subscription', async () => {
    const { actor, loadSubscription } = startAuth({ loadSubscription: async () => true });
    actor.send({ type: 'SIGNED_IN', token: 'new-token', user: testUser });
    expect(actor.getSnapshot().matches({ signedIn: 'checkingSubscription' })).toBe(true);
    expect(readToken()).toBe('new-token');
    const snapshot = await waitFor(actor, (state) => state.matches({ signedIn: 'idle' }));
    expect(snapshot.context).toMatchObject({ user: testUser, subscribed: true });
    expect(loadSubscription).toHaveBeenCalledTimes(1);
  });

  it('re-checks the subscription on every navigation while signed in', async () => {
    let subscribed = false;
    const { actor, loadSubscription } = startAuth({ loadSubscription: async () => subscribed });
    actor.send({ type: 'SIGNED_IN', token: 'token', user: testUser });
    await waitFor(actor, (state) => state.matches({ signedIn: 'idle' }));
    subscribed = true;
    actor.send({ type: 'NAVIGATED' });
    const snapshot = await waitFor(actor, (state) => state.matches({ signedIn: 'idle' }));
    expect(snapshot.context.subscribed).toBe(true);
    expect(loadSubscription).toHaveBeenCalledTimes(2);
  });

  it('signs out when a subscription re-check finds the token refused', async () => {
    const { actor } = startAuth({ loadSubscription: refused });
    actor.send({ type: 'SIGNED_IN', token: 'token', user: testUser });
    await waitFor(actor, (state) => state.matches('signedOut'));
    expect(readToken()).toBeNull();
  });

  it('stays signed in when a subscription re-check fails for another reason', async () => {
    const { actor } = startAuth({ loadSubscription: () => Promise.reject(new NetworkError('offline')) });
    actor.send({ type: 'SIGNED_IN', token: 'token', user: testUser });
    const snapshot = await waitFor(actor, (state) => state.matches({ signedIn: 'idle' }));
    expect(snapshot.context.user).toEqual(testUser);
    expect(readToken()).toBe('token');
  });

  it('ends the session on the server and forgets it on logout', async () => {
    const { actor, endSession } = startAuth();
    actor.send({ type: 'SIGNED_IN', token: 'token', user: testUser });
    actor.send({ type: 'LOGOUT', token: 'token' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    // Forgotten on this device at once; the server is still asked to end that session.
    expect(readToken()).toBeNull();
    const snapshot = await waitFor(actor, (state) => state.matches('signedOut'));
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(endSession).toHaveBeenCalledWith('token');
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.loggedOut).toBe(true);
    expect(readToken()).toBeNull();
  });

  it('forgets the session on logout even when the server cannot be reached', async () => {
    const { actor } = startAuth({ endSession: () => Promise.reject(new NetworkError('offline')) });
    actor.send({ type: 'SIGNED_IN', token: 'token', user: testUser });
    actor.send({ type: 'LOGOUT', token: 'token' });
    await waitFor(actor, (state) => state.matches('signedOut'));
    expect(readToken()).toBeNull();
  });

  it('re-checks when the guard finds a token while signed out', async () => {
    const { actor, loadSession } = startAuth();
    storeToken('token-from-another-tab');
    actor.send({ type: 'RECHECK' });
    await waitFor(actor, (state) => state.matches('signedIn'));
    expect(loadSession).toHaveBeenCalledTimes(1);
  });

  it('ignores a re-check without a token', () => {
    const { actor, loadSession } = startAuth();
    actor.send({ type: 'RECHECK' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('signs out when the server refuses the token on another call', async () => {
    const { actor } = startAuth();
    actor.send({ type: 'SIGNED_IN', token: 'token', user: testUser });
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(readToken()).toBeNull();
  });

  it('revalidates an offline session when the connection returns', async () => {
    storeToken('token');
    let offline = true;
    const { actor, loadSession } = startAuth({
      loadSession: async () => ({ user: testUser, subscribed: false, offline }),
    });
    await waitFor(actor, (state) => state.matches('signedIn'));
    expect(actor.getSnapshot().context.offline).toBe(true);
    offline = false;
    actor.send({ type: 'ONLINE' });
    const snapshot = await waitFor(
      actor,
      (state) => state.matches({ signedIn: 'idle' }) && !state.context.offline,
    );
    expect(snapshot.context.offline).toBe(false);
    expect(loadSession).toHaveBeenCalledTimes(2);
  });
});
