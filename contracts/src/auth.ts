import { z } from 'zod';
import { authMessages } from './auth-public.js';

export { type AuthProviders, authMessages, authProvidersSchema } from './auth-public.js';

import { EMAIL_PATTERN, PERSON_NAME_PATTERN } from './validation.js';

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

/** `GET /auth/status`. */
export const authStatusSchema = z.object({ user: userSchema });

/** Answers that only say what happened: resend, forgot/reset/change password, end other sessions. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** `POST /auth/google/login`: where the browser goes next. */
export const googleLoginAnswerSchema = z.object({ url: z.string().min(1) });
