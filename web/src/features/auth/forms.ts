import {
  authMessages,
  passwordChangeFormSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
} from '@remit/contracts';
import { createFormMachine } from '../forms/formMachine';

/** The three sign-in forms, validated with the contracts' schemas and their messages. */
export const signInFormMachine = createFormMachine({
  id: 'signIn',
  schema: signInRequestSchema,
  initialValues: { email: '', password: '' },
  defaultError: authMessages.signInFailed,
});

export const signUpFormMachine = createFormMachine({
  id: 'signUp',
  schema: signUpRequestSchema,
  initialValues: { name: '', email: '', password: '' },
  defaultError: authMessages.signUpFailed,
});

export const verifyEmailFormMachine = createFormMachine({
  id: 'verifyEmail',
  schema: verifyEmailRequestSchema,
  initialValues: { email: '', token: '' },
  defaultError: authMessages.verifyFailed,
});

export const forgotPasswordFormMachine = createFormMachine({
  id: 'forgotPassword',
  schema: passwordResetRequestSchema,
  initialValues: { email: '' },
  defaultError: authMessages.resetFailed,
});

export const resetPasswordFormMachine = createFormMachine({
  id: 'resetPassword',
  schema: passwordResetFormSchema,
  initialValues: { password: '', confirmPassword: '' },
  defaultError: authMessages.resetFailed,
});

export const changePasswordFormMachine = createFormMachine({
  id: 'changePassword',
  schema: passwordChangeFormSchema,
  initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  defaultError: authMessages.changeFailed,
});
