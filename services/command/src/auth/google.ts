import { randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, type TokenPayload } from 'google-auth-library';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  // Overrides for tests against a local OpenID provider; the defaults are Google's.
  authUrl?: string;
  tokenUrl?: string;
  certsUrl?: string;
  issuers?: string[];
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

export type GoogleSignInFailure =
  | 'exchange_failed'
  | 'invalid_token'
  | 'email_unverified'
  // Google (or the network) failed, not the user: worth a retry, unlike the others.
  | 'provider_unavailable';

export class GoogleSignInError extends Error {
  constructor(
    message: string,
    readonly reason: GoogleSignInFailure,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'GoogleSignInError';
  }
}

export interface GoogleSignInStart {
  url: string;
  state: string;
  codeVerifier: string;
}

export interface GoogleSignIn {
  start(): Promise<GoogleSignInStart>;
  complete(input: { code: string; codeVerifier: string }): Promise<GoogleIdentity>;
}

const scopes = ['openid', 'email', 'profile'];

export function createGoogleSignIn(config: GoogleConfig): GoogleSignIn {
  const client = new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    endpoints: {
      ...(config.authUrl && { oauth2AuthBaseUrl: config.authUrl }),
      ...(config.tokenUrl && { oauth2TokenUrl: config.tokenUrl }),
      ...(config.certsUrl && { oauth2FederatedSignonPemCertsUrl: config.certsUrl }),
    },
    ...(config.issuers && { issuers: config.issuers }),
  });

  return {
    async start() {
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      const state = randomBytes(32).toString('base64url');
      const url = client.generateAuthUrl({
        scope: scopes,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
      });
      return { url, state, codeVerifier };
    },

    async complete({ code, codeVerifier }) {
      const idToken = await exchangeCode(client, code, codeVerifier);
      const payload = await verifyIdToken(client, idToken, config.clientId);
      return toIdentity(payload);
    },
  };
}

async function exchangeCode(client: OAuth2Client, code: string, codeVerifier: string): Promise<string> {
  let idToken: string | null | undefined;
  try {
    ({
      tokens: { id_token: idToken },
    } = await client.getToken({ code, codeVerifier }));
  } catch (error) {
    if (isProviderFault(error)) {
      throw new GoogleSignInError(
        'Google could not be reached to exchange the code',
        'provider_unavailable',
        {
          cause: error,
        },
      );
    }
    throw new GoogleSignInError('Google refused the authorization code', 'exchange_failed', { cause: error });
  }
  if (!idToken) throw new GoogleSignInError('Google returned no ID token', 'invalid_token');
  return idToken;
}

async function verifyIdToken(client: OAuth2Client, idToken: string, audience: string): Promise<TokenPayload> {
  // Fetched apart from the verification so that an outage is not reported as a forged token;
  // verifyIdToken then reads the same certificates from the client's cache.
  try {
    await client.getFederatedSignonCertsAsync();
  } catch (error) {
    throw new GoogleSignInError('Google signing certificates could not be fetched', 'provider_unavailable', {
      cause: error,
    });
  }
  let payload: TokenPayload | undefined;
  try {
    payload = (await client.verifyIdToken({ idToken, audience })).getPayload();
  } catch (error) {
    throw new GoogleSignInError('Google ID token failed verification', 'invalid_token', { cause: error });
  }
  if (!payload) throw new GoogleSignInError('Google ID token has no payload', 'invalid_token');
  return payload;
}

function toIdentity(payload: TokenPayload): GoogleIdentity {
  const { sub, email, email_verified: emailVerified, name, picture } = payload;
  if (!email) throw new GoogleSignInError('Google ID token carries no e-mail', 'invalid_token');
  if (emailVerified !== true)
    throw new GoogleSignInError('Google e-mail is not verified', 'email_unverified');
  return {
    subject: sub,
    email,
    emailVerified,
    // The profile scope is granted with the others, but a user may have no display name.
    name: name ?? email,
    ...(picture && { picture }),
  };
}

// A rejected request carries a 4xx response; no response at all, or a 5xx, is the provider's fault.
function isProviderFault(error: unknown): boolean {
  if (!(error instanceof Error) || !('response' in error)) return true;
  const { response } = error;
  if (typeof response !== 'object' || response === null || !('status' in response)) return true;
  return typeof response.status !== 'number' || response.status >= 500;
}
