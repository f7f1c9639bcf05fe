import { z } from 'zod/mini';

// What the signed-out first screen (/login) needs from the contracts, in a module of its own and with
// zod/mini: the web app's /login loads this module, not auth.ts, so zod's full API (four times the size
// of zod/mini) is not part of its first screen. Both flavours parse alike and share zod's core.

/** Every text a person sees about signing in, in one place (spec §5, §8). */
export const authMessages = {
  nameRequired: 'Full name is required',
  nameTooShort: 'Name must be at least 2 characters long',
  nameInvalid: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShortSignUp: 'Password must be at least 8 characters long',
  passwordTooShortSignIn: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  tokenRequired: 'Verification token is required',
  /** Under every new-password field: the rules above in one sentence (ours). */
  passwordHint: 'At least 8 characters, with a lowercase letter, an uppercase letter and a number.',
  // Server answers (the spec leaves their wording open; these are ours).
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address before signing in. We can send you a new verification link.',
  verificationInvalid: 'This verification link is invalid or has already been used',
  verificationExpired: 'This verification link has expired. Request a new one from the sign-in page.',
  verificationSent:
    'If an unverified account exists for this address, a new verification email is on its way.',
  signUpFailed: 'Sign up failed. Please try again.',
  signInFailed: 'Sign in failed. Please try again.',
  verifyFailed: 'Verification failed. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  unauthenticated: 'Please sign in to continue',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleStateMismatch: 'Google sign-in could not be verified. Please start again.',
  // Password reset and change (issue 12; ours).
  resetSent:
    'If an account exists for this address, an email with a link to reset its password is on its way.',
  resetInvalid: 'This password reset link is invalid or has already been used',
  resetExpired: 'This password reset link has expired. Request a new one.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUnchanged: 'The new password must be different from the current one',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordChanged: 'Password changed. You were signed out on every other device.',
  otherSessionsEnded: 'Signed out of all other devices',
  resetFailed: 'The password could not be reset. Please try again.',
  changeFailed: 'The password could not be changed. Please try again.',
} as const;

/** `GET /auth/providers`. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
