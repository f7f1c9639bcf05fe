import {
  type AuthProviders,
  type AuthResult,
  authProvidersSchema,
  authResultSchema,
  type SignInRequest,
  type SignUpRequest,
  type SignUpResult,
  signUpResultSchema,
  type User,
  userSchema,
  type VerifyEmailRequest,
} from '@remit/contracts';
import { z } from 'zod';
import { request } from './client';

const messageSchema = z.object({ message: z.string() });
const googleUrlSchema = z.object({ url: z.string().min(1) });
const statusSchema = z.object({ user: userSchema });

export function signUp(body: SignUpRequest): Promise<SignUpResult> {
  return request('POST', '/auth/signup', { body, schema: signUpResultSchema });
}

export function signIn(body: SignInRequest): Promise<AuthResult> {
  return request('POST', '/auth/login', { body, schema: authResultSchema });
}

export function verifyEmail(body: VerifyEmailRequest): Promise<AuthResult> {
  return request('POST', '/auth/verify-email', { body, schema: authResultSchema });
}

export async function resendVerification(email: string): Promise<string> {
  const answer = await request('POST', '/auth/resend-verification', {
    body: { email },
    schema: messageSchema,
  });
  return answer.message;
}

export async function fetchAuthStatus(signal?: AbortSignal): Promise<User> {
  const answer = await request('GET', '/auth/status', { schema: statusSchema, signal });
  return answer.user;
}

export async function logOut(): Promise<void> {
  await request('POST', '/auth/logout', { schema: z.unknown() });
}

export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return request('GET', '/auth/providers', { schema: authProvidersSchema, signal });
}

export async function startGoogleLogin(): Promise<string> {
  const answer = await request('POST', '/auth/google/login', { schema: googleUrlSchema });
  return answer.url;
}

export function completeGoogleLogin(code: string, state: string): Promise<AuthResult> {
  return request('POST', '/auth/google/callback', { body: { code, state }, schema: authResultSchema });
}
