import { authMessages, type UserEvent } from '@remit/contracts';
import { decider, stateOf } from '@remit/domain/testing';
import { describe, expect, it } from 'vitest';
import { assertCanSignIn, initialUserState, userDecider } from './decider.js';

const given = decider(userDecider);

const signedUp: UserEvent = {
  type: 'UserSignedUp',
  data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: 'scrypt$…', method: 'password' },
};
const tokenIssued: UserEvent = {
  type: 'VerificationTokenIssued',
  data: { tokenHash: 'hash-1', expiresAt: '2026-11-22T10:00:00.000Z' },
};
const verified: UserEvent = { type: 'EmailVerified', data: { email: 'ada@example.com', via: 'email_link' } };
const now = '2026-11-21T10:00:00.000Z';

describe('a sign-up with the address of an account', () => {
  it('is recorded on the account, so its owner can be told', () => {
    given([signedUp, tokenIssued, verified])
      .when({ type: 'RecordSignUpAttempt', data: { email: 'ada@example.com' } })
      .thenEmits([{ type: 'SignUpAttempted', data: { email: 'ada@example.com' } }]);
  });

  it('records nothing when there is no account', () => {
    given([])
      .when({ type: 'RecordSignUpAttempt', data: { email: 'ada@example.com' } })
      .thenNothing();
  });
});

describe('an account', () => {
  it('signs up with a verification token', () => {
    given([])
      .when({
        type: 'SignUp',
        data: {
          userId: 'u1',
          name: 'Ada',
          email: 'ada@example.com',
          passwordHash: 'scrypt$…',
          tokenHash: 'hash-1',
          tokenExpiresAt: '2026-11-22T10:00:00.000Z',
        },
      })
      .thenEmits([signedUp, tokenIssued]);
  });

  it('cannot sign up twice', () => {
    given([signedUp])
      .when({
        type: 'SignUp',
        data: {
          userId: 'u1',
          name: 'Ada',
          email: 'ada@example.com',
          passwordHash: 'x',
          tokenHash: 'h',
          tokenExpiresAt: now,
        },
      })
      .thenThrows(authMessages.emailTaken);
  });

  it('is verified by an open token before it expires', () => {
    given([signedUp, tokenIssued])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-1', now } })
      .thenEmits([verified]);
  });

  it('refuses an expired token', () => {
    given([signedUp, tokenIssued])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-1', now: '2026-11-22T10:00:00.000Z' } })
      .thenThrows(authMessages.verificationExpired);
  });

  it('refuses a token used once already', () => {
    given([signedUp, tokenIssued, verified])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-1', now } })
      .thenThrows(authMessages.verificationInvalid);
  });

  it('refuses a token it never issued', () => {
    given([signedUp, tokenIssued])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'forged', now } })
      .thenThrows(authMessages.verificationInvalid);
  });

  it('accepts any open token, so an older e-mail still works after a resend', () => {
    const second: UserEvent = {
      type: 'VerificationTokenIssued',
      data: { tokenHash: 'hash-2', expiresAt: tokenIssued.data.expiresAt },
    };
    given([signedUp, tokenIssued, second])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-1', now } })
      .thenEmits([verified]);
  });

  it('issues no new token once verified', () => {
    given([signedUp, tokenIssued, verified])
      .when({ type: 'IssueVerificationToken', data: { tokenHash: 'hash-2', expiresAt: now } })
      .thenNothing();
  });

  it('links a Google account and counts the address as verified', () => {
    given([signedUp, tokenIssued])
      .when({ type: 'LinkGoogleAccount', data: { subject: 'g-1', email: 'ada@example.com' } })
      .thenEmits([
        { type: 'EmailVerified', data: { email: 'ada@example.com', via: 'google' } },
        { type: 'GoogleAccountLinked', data: { subject: 'g-1', email: 'ada@example.com' } },
      ]);
  });

  it('does not link a second Google account', () => {
    const linked: UserEvent = {
      type: 'GoogleAccountLinked',
      data: { subject: 'g-1', email: 'ada@example.com' },
    };
    given([signedUp, verified, linked])
      .when({ type: 'LinkGoogleAccount', data: { subject: 'g-2', email: 'ada@example.com' } })
      .thenThrows(authMessages.googleFailed);
    given([signedUp, verified, linked])
      .when({ type: 'LinkGoogleAccount', data: { subject: 'g-1', email: 'ada@example.com' } })
      .thenNothing();
  });
});

describe('signing in', () => {
  const state = (events: UserEvent[]) => stateOf(userDecider, events);

  it('needs a matching password and a verified address', () => {
    expect(() => assertCanSignIn(state([signedUp, verified]), true)).not.toThrow();
    expect(() => assertCanSignIn(state([signedUp, verified]), false)).toThrow(
      authMessages.invalidCredentials,
    );
    expect(() => assertCanSignIn(state([signedUp, tokenIssued]), true)).toThrow(
      authMessages.emailNotVerified,
    );
    expect(() => assertCanSignIn(initialUserState, false)).toThrow(authMessages.invalidCredentials);
  });
});
