import { type AuthProviders, type AuthResult, authProvidersSchema, type User } from '@remit/contracts';
import { request } from './client';

/**
 * The auth requests a first screen may make. /login (signed out) asks only for the providers, whose
 * schema is zod/mini (contracts' auth-public.ts); the other answers are checked with schemas loaded
 * when the answer arrives (answers.ts), so zod's full API is not part of /login's JavaScript. A
 * signed-in start loads it with the session check, as the dashboard needs it anyway.
 */
const answers = () => import('./answers');

export async function fetchAuthStatus(signal?: AbortSignal): Promise<User> {
  const answer = await request('GET', '/auth/status', {
    schema: () => answers().then((schemas) => schemas.authStatusSchema),
    signal,
  });
  return answer.user;
}

/**
 * The answer says nothing we use: only whether the server ended the session. `token` is the session to
 * end, passed in because this browser has already forgotten it (the auth machine's LOGOUT).
 */
export async function logOut(token: string | null): Promise<void> {
  await request('POST', '/auth/logout', { token });
}

export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return request('GET', '/auth/providers', { schema: authProvidersSchema, signal });
}

export async function startGoogleLogin(): Promise<string> {
  const answer = await request('POST', '/auth/google/login', {
    schema: () => answers().then((schemas) => schemas.googleLoginAnswerSchema),
  });
  return answer.url;
}

export function completeGoogleLogin(code: string, state: string): Promise<AuthResult> {
  return request('POST', '/auth/google/callback', {
    body: { code, state },
    schema: () => answers().then((schemas) => schemas.authResultSchema),
  });
}
