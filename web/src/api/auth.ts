import {
  type AuthResult,
  authResultSchema,
  messageAnswerSchema,
  type PasswordChange,
  type PasswordReset,
  type PasswordResetRequest,
  type SignInRequest,
  type SignUpRequest,
  type SignUpResult,
  signUpResultSchema,
  type VerifyEmailRequest,
} from '@remit/contracts';
import { request } from './client';

// The requests of the first screens (session check, providers, Google sign-in, logout) are in
// authSession.ts, which keeps zod's full API out of /login; they are here too for every other caller.
export {
  completeGoogleLogin,
  fetchAuthProviders,
  fetchAuthStatus,
  logOut,
  startGoogleLogin,
} from './authSession';

const messageSchema = messageAnswerSchema;

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

/** 'Forgot password?': always answered the same; the link arrives by e-mail if the account exists. */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<string> {
  const answer = await request('POST', '/auth/forgot-password', { body, schema: messageSchema });
  return answer.message;
}

/** Sets a new password with the e-mailed link's token; every session of the account ends. */
export async function resetPassword(body: PasswordReset): Promise<string> {
  const answer = await request('POST', '/auth/reset-password', { body, schema: messageSchema });
  return answer.message;
}

/** Changes the signed-in person's password; their other sessions end, this one stays. */
export async function changePassword(body: PasswordChange): Promise<string> {
  const answer = await request('POST', '/auth/change-password', { body, schema: messageSchema });
  return answer.message;
}

/** Ends every other session of the signed-in person. */
export async function endOtherSessions(): Promise<string> {
  const answer = await request('POST', '/auth/sessions/end-others', { schema: messageSchema });
  return answer.message;
}
