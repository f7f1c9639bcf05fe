import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleSignIn, GoogleSignInError } from './google.js';
import { startTestOidcProvider, type TestOidcProvider } from './testing/oidc-provider.js';

const redirectUri = 'http://localhost:5173/auth/google/callback';
const ada = { sub: 'google-ada', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' };
const bob = { sub: 'google-bob', email: 'bob@example.com', email_verified: false, name: 'Bob Unverified' };

let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    accounts: [ada, bob],
    redirectUri,
    clientId: 'remit',
    clientSecret: 'remit-secret',
    otherClients: [{ clientId: 'other-app', clientSecret: 'other-secret' }],
  });
});

afterAll(async () => {
  await provider?.close();
});

async function rejectionOf(promise: Promise<unknown>): Promise<GoogleSignInError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GoogleSignInError) return error;
    throw error;
  }
  throw new Error('Expected the sign-in to fail');
}

describe('Google sign-in', () => {
  it('signs in through the code flow and returns the Google identity', async () => {
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const { url, state, codeVerifier } = await signIn.start();

    const callback = await provider.authorize(url);

    expect(callback.state).toBe(state);
    await expect(signIn.complete({ code: callback.code, codeVerifier })).resolves.toEqual({
      subject: 'google-ada',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
  });

  it('asks for the code with a random state and an S256 PKCE challenge', async () => {
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const first = await signIn.start();
    const second = await signIn.start();

    const params = new URL(first.url).searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('remit');
    expect(params.get('redirect_uri')).toBe(redirectUri);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('state')).toBe(first.state);
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('code_challenge')).not.toBe(first.codeVerifier);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(second.state).not.toBe(first.state);
    expect(second.codeVerifier).not.toBe(first.codeVerifier);
  });

  it('points at Google when no endpoints are overridden', async () => {
    const signIn = createGoogleSignIn({ clientId: 'remit', clientSecret: 'secret', redirectUri });
    const { url } = await signIn.start();

    expect(url).toMatch(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/);
  });

  it('refuses a code that was already used', async () => {
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const { url, codeVerifier } = await signIn.start();
    const { code } = await provider.authorize(url);
    await signIn.complete({ code, codeVerifier });

    const error = await rejectionOf(signIn.complete({ code, codeVerifier }));

    expect(error).toMatchObject({ reason: 'exchange_failed' });
  });

  it('refuses an unknown code', async () => {
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const { codeVerifier } = await signIn.start();

    const error = await rejectionOf(signIn.complete({ code: 'not-a-code', codeVerifier }));

    expect(error).toMatchObject({ reason: 'exchange_failed' });
  });

  it('refuses a code presented with another sign-in’s verifier', async () => {
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const { url } = await signIn.start();
    const { codeVerifier: otherVerifier } = await signIn.start();
    const { code } = await provider.authorize(url);

    const error = await rejectionOf(signIn.complete({ code, codeVerifier: otherVerifier }));

    expect(error).toMatchObject({ reason: 'exchange_failed' });
  });

  it('refuses an account whose e-mail Google has not verified', async () => {
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const { url, codeVerifier } = await signIn.start();
    const { code } = await provider.authorize(url, { loginAs: 'google-bob' });

    const error = await rejectionOf(signIn.complete({ code, codeVerifier }));

    expect(error).toMatchObject({ reason: 'email_unverified' });
  });

  it('refuses an ID token issued to another client', async () => {
    const otherAppToken = await provider.issueIdToken('other-app');
    const signIn = createGoogleSignIn(provider.googleConfig(redirectUri));
    const { url, codeVerifier } = await signIn.start();
    const { code } = await provider.authorize(url);
    provider.replaceNextIdToken(otherAppToken);

    const error = await rejectionOf(signIn.complete({ code, codeVerifier }));

    expect(error).toMatchObject({ reason: 'invalid_token' });
    expect(error.cause).toMatchObject({ message: expect.stringMatching(/audience/i) });
  });

  it('refuses an ID token from an issuer it does not trust', async () => {
    const signIn = createGoogleSignIn({
      ...provider.googleConfig(redirectUri),
      issuers: ['https://accounts.google.com'],
    });
    const { url, codeVerifier } = await signIn.start();
    const { code } = await provider.authorize(url);

    const error = await rejectionOf(signIn.complete({ code, codeVerifier }));

    expect(error).toMatchObject({ reason: 'invalid_token' });
    expect(error.cause).toMatchObject({ message: expect.stringMatching(/issuer/i) });
  });

  it('reports an unreachable provider apart from a refused code', async () => {
    const unreachable = await startTestOidcProvider({
      accounts: [ada],
      redirectUri,
      clientId: 'remit',
      clientSecret: 'remit-secret',
    });
    const config = unreachable.googleConfig(redirectUri);
    await unreachable.close();
    const signIn = createGoogleSignIn(config);
    const { codeVerifier } = await signIn.start();

    const error = await rejectionOf(signIn.complete({ code: 'any-code', codeVerifier }));

    expect(error).toMatchObject({ reason: 'provider_unavailable' });
  });
});
