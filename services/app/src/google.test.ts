import { startTestOidcProvider, type TestOidcProvider } from '@remit/command/testing/oidc-provider';
import { authMessages } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';

const redirectUri = 'http://remit.test/auth/google/callback';

describe.each(httpStores())('Google sign-in through the API on %s', (kind) => {
  let provider: TestOidcProvider;
  let app: TestApp;

  beforeAll(async () => {
    provider = await startTestOidcProvider({
      clientId: 'remit-web',
      clientSecret: 'remit-secret',
      redirectUri,
      accounts: [
        { sub: 'google-ada', email: 'ada.g@example.com', email_verified: true, name: 'Ada Lovelace' },
        { sub: 'google-grace', email: 'grace.g@example.com', email_verified: true, name: 'Grace Hopper' },
      ],
    });
    app = await startTestApp(kind, {
      env: {
        GOOGLE_CLIENT_ID: 'remit-web',
        GOOGLE_CLIENT_SECRET: 'remit-secret',
        GOOGLE_AUTH_URL: provider.authUrl,
        GOOGLE_TOKEN_URL: provider.tokenUrl,
        GOOGLE_CERTS_URL: provider.certsUrl,
        GOOGLE_ISSUER: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  /** Starts a sign-in as the browser would: the URL to visit and the cookie the API set. */
  async function start() {
    const response = await fetch(`${app.base}/api/auth/google/login`, { method: 'POST' });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { url, cookie };
  }

  const callback = (body: { code: string; state: string }, cookie: string) =>
    app.post('/auth/google/callback', body, { headers: { cookie } });

  it('says Google is configured', async () => {
    expect((await app.get('/auth/providers')).body).toEqual({ google: true });
  });

  it('signs a new person in end to end and signs the same account in again', async () => {
    const first = await start();
    const authorized = await provider.authorize(first.url, { loginAs: 'google-ada' });
    const signedIn = await callback(authorized, first.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada.g@example.com',
      emailVerified: true,
    });
    const status = await app.get('/auth/status', {
      token: signedIn.body.token as string,
      headers: { 'X-Remit-Position': String(signedIn.body.position) },
    });
    expect(status.body.user).toMatchObject({ email: 'ada.g@example.com' });

    const again = await start();
    const secondTime = await callback(
      await provider.authorize(again.url, { loginAs: 'google-ada' }),
      again.cookie,
    );
    expect((secondTime.body.user as { id: string }).id).toBe((signedIn.body.user as { id: string }).id);
  });

  it('links Google to an existing account with the same e-mail', async () => {
    const signup = await app.post('/auth/signup', {
      name: 'Grace Hopper',
      email: 'grace.g@example.com',
      password: 'Sunflower42',
    });
    expect(signup.status).toBe(201);
    const started = await start();
    const signedIn = await callback(
      await provider.authorize(started.url, { loginAs: 'google-grace' }),
      started.cookie,
    );
    expect(signedIn.status).toBe(200);
    // Google vouched for the address, so the password account can now sign in too.
    expect(
      (await app.post('/auth/login', { email: 'grace.g@example.com', password: 'Sunflower42' })).status,
    ).toBe(200);
  });

  it('refuses a callback whose state does not match the one it started with', async () => {
    const started = await start();
    const { code } = await provider.authorize(started.url);
    const response = await callback({ code, state: 'forged-state' }, started.cookie);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(authMessages.googleStateMismatch);
    const withoutCookie = await callback({ code, state: 'forged-state' }, '');
    expect(withoutCookie.status).toBe(400);
  });

  it('refuses a code the provider will not exchange', async () => {
    const started = await start();
    const authorized = await provider.authorize(started.url);
    const response = await callback({ code: `${authorized.code}x`, state: authorized.state }, started.cookie);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(authMessages.googleFailed);
  });
});

describe('Google sign-in when it is not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app.close());

  it('says so instead of failing', async () => {
    expect((await app.get('/auth/providers')).body).toEqual({ google: false });
    const response = await app.post('/auth/google/login');
    // Not a fault of the server's: the feature is not there (404), so no client waits to retry.
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      error: authMessages.googleNotConfigured,
      code: 'google_not_configured',
    });
  });
});
