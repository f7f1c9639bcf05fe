import { z } from 'zod';
import { EMAIL_PATTERN, PERSON_NAME_PATTERN } from './validation.js';

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

const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(254, { error: authMessages.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, authMessages.emailInvalid)
  .transform((value) => value.toLowerCase());

/** A new password, by spec §5's sign-up rules and messages: sign-up, reset and change share it. */
export const newPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(8, { error: authMessages.passwordTooShortSignUp, abort: true })
  .max(128, { error: authMessages.passwordTooLong, abort: true })
  .regex(/[a-z]/, { error: authMessages.passwordNeedsLowercase, abort: true })
  .regex(/[A-Z]/, { error: authMessages.passwordNeedsUppercase, abort: true })
  .regex(/[0-9]/, { error: authMessages.passwordNeedsNumber, abort: true });

export const signUpRequestSchema = z.object({
  name: z
    .string({ error: authMessages.nameRequired })
    .trim()
    .min(1, { error: authMessages.nameRequired, abort: true })
    .min(2, { error: authMessages.nameTooShort, abort: true })
    .max(50, { error: authMessages.nameInvalid, abort: true })
    .regex(PERSON_NAME_PATTERN, authMessages.nameInvalid),
  email,
  password: newPasswordSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, { error: authMessages.passwordRequired, abort: true })
    .min(6, { error: authMessages.passwordTooShortSignIn, abort: true })
    .max(128, { error: authMessages.passwordTooLong, abort: true }),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  email,
  token: z
    .string({ error: authMessages.tokenRequired })
    .trim()
    .min(1, { error: authMessages.tokenRequired, abort: true })
    .max(200, authMessages.verificationInvalid),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const resendVerificationRequestSchema = z.object({ email });

/** 'Forgot password?': the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

const resetToken = z
  .string({ error: authMessages.resetInvalid })
  .trim()
  .min(1, { error: authMessages.resetInvalid, abort: true })
  .max(200, authMessages.resetInvalid);

/** The reset link's e-mail and token, and the new password. */
export const passwordResetSchema = z.object({ email, token: resetToken, password: newPasswordSchema });
export type PasswordReset = z.input<typeof passwordResetSchema>;

/** The reset page's form: the new password twice (the link brings the rest). */
export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: authMessages.passwordsDoNotMatch,
  });

/** Change password on /profile: the current one proves it is the owner at the keyboard. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: authMessages.currentPasswordRequired })
      .min(1, { error: authMessages.currentPasswordRequired, abort: true })
      .max(128, authMessages.passwordTooLong),
    newPassword: newPasswordSchema,
  })
  .refine((form) => form.currentPassword !== form.newPassword, {
    path: ['newPassword'],
    error: authMessages.passwordUnchanged,
  });
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** The profile's form: the change plus the new password again. */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: z
      .string({ error: authMessages.currentPasswordRequired })
      .min(1, { error: authMessages.currentPasswordRequired, abort: true }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.currentPassword !== form.newPassword, {
    path: ['newPassword'],
    error: authMessages.passwordUnchanged,
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: authMessages.passwordsDoNotMatch,
  });

export const googleCallbackRequestSchema = z.object({
  code: z.string().trim().min(1, authMessages.googleFailed).max(2048),
  state: z.string().trim().min(1, authMessages.googleStateMismatch).max(2048),
});

/** The signed-in person as every auth answer returns them. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

export const signUpResultSchema = z.object({ message: z.string(), email: z.string() });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** `GET /auth/status`. */
export const authStatusSchema = z.object({ user: userSchema });

/** Answers that only say what happened: resend, forgot/reset/change password, end other sessions. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** `POST /auth/google/login`: where the browser goes next. */
export const googleLoginAnswerSchema = z.object({ url: z.string().min(1) });
