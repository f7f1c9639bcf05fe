// A local OpenID provider standing in for Google in tests (DESIGN §4): oidc-provider with an
// automatic login and consent, plus the PEM certificate map that google-auth-library reads on Node.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type InteractionResults, type JWK } from 'oidc-provider';
import type { GoogleConfig } from '../google.js';
import { CookieJar } from './cookie-jar.js';

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

export interface TestOidcProviderOptions extends TestClient {
  accounts: TestAccount[];
  redirectUri: string;
  // More clients on the same provider and redirect URI, e.g. to mint ID tokens for another audience.
  otherClients?: TestClient[];
}

export interface AuthorizeOptions {
  // The account to sign in as; the first account by default.
  loginAs?: string;
}

export interface TestOidcProvider {
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  certsUrl: string;
  googleConfig(redirectUri?: string): GoogleConfig;
  // Follows the authorization URL as a browser would, with automatic login and consent, and
  // returns the code and state of the final redirect without calling the redirect URI.
  authorize(url: string, options?: AuthorizeOptions): Promise<{ code: string; state: string }>;
  // Runs the whole code flow for one of the registered clients and returns its raw ID token.
  issueIdToken(clientId: string, options?: AuthorizeOptions): Promise<string>;
  // The next token response carries this ID token instead of the one the provider issued.
  replaceNextIdToken(idToken: string): void;
  close(): Promise<void>;
}

const certsPath = '/certs.pem.json';
const interactionPath = '/interaction/';
// Sent by authorize() to the interaction route; a browser would pick the account on a login page.
const loginAsHeader = 'x-test-login-as';

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const { accounts, redirectUri } = options;
  const clients = [options, ...(options.otherClients ?? [])];
  const firstAccount = accounts[0];
  if (!firstAccount) throw new Error('The test OpenID provider needs at least one account');

  const signingKey = createSigningKey();
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: clients.map(
      ({ clientId, clientSecret }): ClientMetadata => ({
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      }),
    ),
    pkce: { required: () => true },
    // Otherwise the ID token leaves the e-mail and profile claims to the userinfo endpoint, and
    // Google puts them in the ID token.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
    interactions: { url: (_ctx, interaction) => `${interactionPath}${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [signingKey.jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Explicit, if only to keep oidc-provider from printing a notice for each default it uses.
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
  });

  let nextIdToken: string | undefined;
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || nextIdToken === undefined) return;
    if (typeof ctx.body === 'object' && ctx.body !== null && 'id_token' in ctx.body) {
      ctx.body = { ...ctx.body, id_token: nextIdToken };
      nextIdToken = undefined;
    }
  });

  const serveProvider = provider.callback();
  handle = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === certsPath) return serveCerts(res, signingKey.certs);
    if (path.startsWith(interactionPath)) {
      return void completeInteraction(provider, req, res, firstAccount.sub).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    }
    return void serveProvider(req, res);
  };

  const authUrl = `${issuer}/auth`;
  const tokenUrl = `${issuer}/token`;
  const certsUrl = `${issuer}${certsPath}`;

  async function issueIdToken(clientId: string, authorizeOptions?: AuthorizeOptions): Promise<string> {
    const client = clients.find((candidate) => candidate.clientId === clientId);
    if (!client) throw new Error(`No client ${clientId} on the test OpenID provider`);
    const codeVerifier = randomBytes(32).toString('base64url');
    const url = new URL(authUrl);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const { code } = await authorize(url.toString(), redirectUri, authorizeOptions);
    const response = await fetch(tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const tokens: unknown = await response.json();
    if (!response.ok || typeof tokens !== 'object' || tokens === null || !('id_token' in tokens)) {
      throw new Error(`Token request failed (${response.status}): ${JSON.stringify(tokens)}`);
    }
    return String(tokens.id_token);
  }

  return {
    issuer,
    authUrl,
    tokenUrl,
    certsUrl,
    googleConfig(configRedirectUri = redirectUri) {
      if (configRedirectUri !== redirectUri) {
        throw new Error(`The test OpenID provider only knows the redirect URI ${redirectUri}`);
      }
      return {
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        redirectUri: configRedirectUri,
        authUrl,
        tokenUrl,
        certsUrl,
        issuers: [issuer],
      };
    },
    authorize: (url, authorizeOptions) => {
      const target = new URL(url).searchParams.get('redirect_uri') ?? redirectUri;
      return authorize(url, target, authorizeOptions);
    },
    issueIdToken,
    replaceNextIdToken(idToken) {
      nextIdToken = idToken;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function authorize(
  url: string,
  redirectUri: string,
  options: AuthorizeOptions = {},
): Promise<{ code: string; state: string }> {
  const jar = new CookieJar();
  let current = new URL(url);
  for (let hop = 0; hop < 20; hop++) {
    const headers = new Headers();
    const cookie = jar.header(current);
    if (cookie) headers.set('cookie', cookie);
    if (options.loginAs) headers.set(loginAsHeader, options.loginAs);
    const response = await fetch(current, { redirect: 'manual', headers });
    jar.store(response, current);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`Authorization stopped at ${current} (${response.status}): ${await response.text()}`);
    }
    await response.body?.cancel();
    current = new URL(location, current);
    if (`${current.origin}${current.pathname}` === redirectUri) return readRedirect(current);
  }
  throw new Error(`Authorization did not reach ${redirectUri} in 20 redirects`);
}

function readRedirect(url: URL): { code: string; state: string } {
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (code === null || state === null) {
    const error = url.searchParams.get('error_description') ?? url.searchParams.get('error');
    throw new Error(`Authorization failed: ${error ?? url.search}`);
  }
  return { code, state };
}

async function completeInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  defaultAccount: string,
): Promise<void> {
  const { prompt, params, session, grantId } = await provider.interactionDetails(req, res);
  let result: InteractionResults;
  if (prompt.name === 'login') {
    const chosen = req.headers[loginAsHeader];
    result = { login: { accountId: typeof chosen === 'string' ? chosen : defaultAccount } };
  } else if (prompt.name === 'consent') {
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error(`Grant ${grantId} not found`);
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = prompt.details;
    if (Array.isArray(missingOIDCScope)) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (Array.isArray(missingOIDCClaims)) grant.addOIDCClaims(missingOIDCClaims);
    if (typeof missingResourceScopes === 'object' && missingResourceScopes !== null) {
      for (const [indicator, scopes] of Object.entries(missingResourceScopes)) {
        if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    result = { consent: { grantId: await grant.save() } };
  } else {
    throw new Error(`The test OpenID provider cannot answer the ${prompt.name} prompt`);
  }
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

function createSigningKey(): { jwk: JWK; certs: Record<string, string> } {
  const kid = randomBytes(8).toString('hex');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JWK = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const pem = createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString();
  return { jwk, certs: { [kid]: pem } };
}

function serveCerts(res: ServerResponse, certs: Record<string, string>): void {
  res.setHeader('content-type', 'application/json');
  res.setHeader('cache-control', 'public, max-age=300');
  res.end(JSON.stringify(certs));
}
