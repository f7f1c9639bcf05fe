import { authMessages, type UserEvent, userStreamId } from '@remit/contracts';
import { type Decider, type Step, step } from '@remit/eventstore';
import { AppError, type RecordedEvent, unreachable } from '@remit/kit';

/** An account as its own events describe it (stream `user-{id}`). */
export interface UserState {
  exists: boolean;
  userId: string | null;
  name: string;
  email: string;
  passwordHash: string | null;
  verified: boolean;
  googleSubject: string | null;
  /** Verification tokens not yet used, by hash; verifying the e-mail consumes all of them. */
  openTokens: { tokenHash: string; expiresAt: string }[];
  /** Password reset links not yet used, by hash; any new password consumes all of them. */
  openResetTokens: { tokenHash: string; expiresAt: string }[];
  createdAt: Date | null;
}

export const initialUserState: UserState = {
  exists: false,
  userId: null,
  name: '',
  email: '',
  passwordHash: null,
  verified: false,
  googleSubject: null,
  openTokens: [],
  openResetTokens: [],
  createdAt: null,
};

function evolveUser(state: UserState, event: RecordedEvent<UserEvent>): UserState {
  switch (event.type) {
    case 'UserSignedUp':
      return {
        ...state,
        createdAt: event.createdAt,
        exists: true,
        userId: event.data.userId,
        name: event.data.name,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
      };
    case 'VerificationTokenIssued':
      return { ...state, openTokens: [...state.openTokens, event.data] };
    case 'EmailVerified':
      return { ...state, verified: true, openTokens: [] };
    case 'GoogleAccountLinked':
      return { ...state, googleSubject: event.data.subject };
    case 'SignUpAttempted':
      return state;
    case 'PasswordResetRequested':
      return { ...state, openResetTokens: [...state.openResetTokens, event.data] };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, openResetTokens: [] };
    default:
      return unreachable(event);
  }
}

export type UserCommand =
  | {
      type: 'SignUp';
      data: {
        userId: string;
        name: string;
        email: string;
        passwordHash: string;
        tokenHash: string;
        tokenExpiresAt: string;
      };
    }
  | { type: 'IssueVerificationToken'; data: { tokenHash: string; expiresAt: string } }
  | { type: 'RecordSignUpAttempt'; data: { email: string } }
  | { type: 'RequestPasswordReset'; data: { tokenHash: string; expiresAt: string } }
  | { type: 'ResetPassword'; data: { tokenHash: string; passwordHash: string; now: string } }
  | { type: 'ChangePassword'; data: { passwordHash: string } }
  | { type: 'VerifyEmail'; data: { tokenHash: string; now: string } }
  | { type: 'SignUpWithGoogle'; data: { userId: string; name: string; email: string; subject: string } }
  | { type: 'LinkGoogleAccount'; data: { subject: string; email: string } };

/**
 * A reset link is good only for the account it was mailed for, once, until it expires. Checked before
 * the new password is hashed too, so a wrong link costs the same for any address (no enumeration).
 */
export function assertResetLinkOpen(
  state: UserState,
  tokenHash: string,
  now: string,
): asserts state is UserState & { userId: string } {
  const link = state.openResetTokens.find((open) => open.tokenHash === tokenHash);
  if (!state.exists || !link) {
    throw new AppError('validation', authMessages.resetInvalid, { reason: 'reset_invalid' });
  }
  if (link.expiresAt <= now) {
    throw new AppError('validation', authMessages.resetExpired, { reason: 'reset_expired' });
  }
}

/** Pure: the events a command causes on an account, or the error a person should see. */
function decideUser(state: UserState, command: UserCommand): UserEvent[] {
  switch (command.type) {
    case 'SignUp': {
      if (state.exists) throw new AppError('conflict', authMessages.emailTaken, { reason: 'email_taken' });
      const { userId, name, email, passwordHash, tokenHash, tokenExpiresAt } = command.data;
      return [
        { type: 'UserSignedUp', data: { userId, name, email, passwordHash, method: 'password' } },
        { type: 'VerificationTokenIssued', data: { tokenHash, expiresAt: tokenExpiresAt } },
      ];
    }
    case 'IssueVerificationToken':
      // Nothing to verify: answering as if a mail went out keeps accounts from being probed.
      if (!state.exists || state.verified) return [];
      return [{ type: 'VerificationTokenIssued', data: command.data }];
    case 'RecordSignUpAttempt':
      if (!state.exists) return [];
      return [{ type: 'SignUpAttempted', data: command.data }];
    case 'RequestPasswordReset':
      // No account: nothing to reset, and the answer says the same as for one (no enumeration).
      if (!state.exists) return [];
      return [{ type: 'PasswordResetRequested', data: command.data }];
    case 'ResetPassword': {
      assertResetLinkOpen(state, command.data.tokenHash, command.data.now);
      const changed: UserEvent = {
        type: 'PasswordChanged',
        data: { passwordHash: command.data.passwordHash, via: 'reset' },
      };
      // The link came from the mailbox: an address not verified yet is now.
      return state.verified
        ? [changed]
        : [{ type: 'EmailVerified', data: { email: state.email, via: 'email_link' } }, changed];
    }
    case 'ChangePassword':
      if (!state.exists) throw new AppError('not_found', authMessages.unauthenticated);
      return [{ type: 'PasswordChanged', data: { passwordHash: command.data.passwordHash, via: 'change' } }];
    case 'VerifyEmail': {
      const token = state.openTokens.find((open) => open.tokenHash === command.data.tokenHash);
      if (!state.exists || !token) {
        throw new AppError('validation', authMessages.verificationInvalid, {
          reason: 'verification_invalid',
        });
      }
      if (token.expiresAt <= command.data.now) {
        throw new AppError('validation', authMessages.verificationExpired, {
          reason: 'verification_expired',
        });
      }
      return [{ type: 'EmailVerified', data: { email: state.email, via: 'email_link' } }];
    }
    case 'SignUpWithGoogle': {
      if (state.exists) throw new AppError('conflict', authMessages.emailTaken, { reason: 'email_taken' });
      const { userId, name, email, subject } = command.data;
      return [
        { type: 'UserSignedUp', data: { userId, name, email, passwordHash: null, method: 'google' } },
        { type: 'EmailVerified', data: { email, via: 'google' } },
        { type: 'GoogleAccountLinked', data: { subject, email } },
      ];
    }
    case 'LinkGoogleAccount': {
      if (!state.exists) throw new AppError('not_found', authMessages.googleFailed);
      if (state.googleSubject === command.data.subject) return [];
      if (state.googleSubject) {
        throw new AppError('conflict', authMessages.googleFailed, { reason: 'google_account_mismatch' });
      }
      // Google vouches for the address, so linking also verifies an account that never clicked its link.
      const verified: UserEvent[] = state.verified
        ? []
        : [{ type: 'EmailVerified', data: { email: state.email, via: 'google' } }];
      return [...verified, { type: 'GoogleAccountLinked', data: command.data }];
    }
    default:
      return unreachable(command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  name: 'user',
  handles: [
    'UserSignedUp',
    'VerificationTokenIssued',
    'EmailVerified',
    'GoogleAccountLinked',
    'SignUpAttempted',
    'PasswordResetRequested',
    'PasswordChanged',
  ],
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};

/** A command on an account, and what it causes elsewhere in the same transaction. */
export const onUser = (userId: string, command: UserCommand, effects: Step[] = []) =>
  step({
    decider: userDecider,
    streams: userStreamId(userId),
    command,
    metadata: { userId },
    effects: () => effects,
  });

/** Sign-in rules once the password has been checked (hashing is I/O, kept out of the decision). */
export function assertCanSignIn(state: UserState, passwordMatches: boolean): void {
  if (!state.exists || !passwordMatches) {
    throw new AppError('unauthenticated', authMessages.invalidCredentials, { reason: 'invalid_credentials' });
  }
  if (!state.verified) {
    throw new AppError('forbidden', authMessages.emailNotVerified, { reason: 'email_not_verified' });
  }
}
