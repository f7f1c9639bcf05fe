import { randomUUID } from 'node:crypto';
import { authMessages } from '@remit/contracts';
import { AppError } from '@remit/kit';
import type { Answer, Finish } from '../commands.js';
import { accountExistsEmail } from './account-emails.js';
import type { Accounts } from './accounts.js';
import { onUser, type UserState } from './decider.js';
import { hashPassword } from './passwords.js';
import { reserveEmail } from './reservations-and-sessions.js';
import { hashToken, newVerificationToken } from './tokens.js';

/** Sign-up with a password and the e-mail verification that follows it. */
export function signUpCommands(accounts: Accounts) {
  const { findUserId, loadUser, toUser, newSession, later, sendMail, sendVerificationMail, tokenExpiry } =
    accounts;
  const { settings, now } = accounts.deps;

  return {
    /**
     * Sign-up answers 'Check your email' whether or not the address has an account (issue 12: a 409
     * told anyone which addresses do). A new address gets its account and a verification link; an
     * unverified account gets a new link; a verified one is told, in its own mailbox, that it exists.
     * Each writes its fact, so every answer has a position and takes as long.
     */
    async signUp(input: { name: string; email: string; password: string }, finish: Finish): Promise<Answer> {
      const checkEmail = () => ({ status: 201, body: { message: 'Check your email', email: input.email } });
      const passwordHash = await hashPassword(input.password, settings.passwordLogCost);
      if (!(await findUserId(input.email))) {
        const userId = randomUUID();
        const { token, tokenHash } = newVerificationToken();
        const signUp = onUser(
          userId,
          {
            type: 'SignUp',
            data: {
              userId,
              name: input.name,
              email: input.email,
              passwordHash,
              tokenHash,
              tokenExpiresAt: tokenExpiry(),
            },
          },
          [reserveEmail(userId, input.email)],
        );
        try {
          const answer = await finish(signUp, checkEmail);
          later(() => sendVerificationMail(input, token));
          return answer;
        } catch (error) {
          // Another sign-up for the address won the race: this one is a sign-up with a known address.
          if (!(error instanceof AppError && error.reason === 'email_taken')) throw error;
        }
      }
      const userId = (await findUserId(input.email)) as string;
      const state = await loadUser(userId);
      if (!state.verified) {
        const { token, tokenHash } = newVerificationToken();
        const issue = onUser(userId, {
          type: 'IssueVerificationToken',
          data: { tokenHash, expiresAt: tokenExpiry() },
        });
        const answer = await finish(issue, checkEmail);
        later(() => sendVerificationMail(state, token));
        return answer;
      }
      const answer = await finish(
        onUser(userId, { type: 'RecordSignUpAttempt', data: { email: input.email } }),
        checkEmail,
      );
      later(() =>
        sendMail(
          accountExistsEmail({
            to: state.email,
            name: state.name,
            appUrl: settings.appUrl,
            hasPassword: state.passwordHash !== null,
          }),
        ),
      );
      return answer;
    },

    /**
     * Always 202 at once: the lookup, the new token and the e-mail happen after the answer (`finish` runs
     * them then), so its timing says nothing about the address (534 ms against 33 ms before).
     */
    resendVerification(input: { email: string }, finish: Finish): Answer {
      const sent = { status: 202, body: { message: authMessages.verificationSent } };
      later(async () => {
        const userId = await findUserId(input.email);
        if (!userId) return;
        const { token, tokenHash } = newVerificationToken();
        let issued: UserState | null = null;
        await finish(
          onUser(userId, { type: 'IssueVerificationToken', data: { tokenHash, expiresAt: tokenExpiry() } }),
          ({ state, events }) => {
            if (events.length > 0) issued = state;
            return sent;
          },
        );
        if (issued) await sendVerificationMail(issued, token);
      });
      return { ...sent, position: null };
    },

    async verifyEmail(input: { email: string; token: string }, finish: Finish): Promise<Answer> {
      const userId = await findUserId(input.email);
      if (!userId) {
        throw new AppError('validation', authMessages.verificationInvalid, {
          reason: 'verification_invalid',
        });
      }
      const session = newSession(userId, 'email_verification');
      const verify = onUser(
        userId,
        { type: 'VerifyEmail', data: { tokenHash: hashToken(input.token), now: now().toISOString() } },
        [session.start],
      );
      const answer = await finish(verify, ({ state }) => ({
        status: 200,
        body: { token: session.token(), user: toUser(state) },
      }));
      // A link from the mailbox proves the owner: failed sign-ins counted against the account are forgotten.
      await accounts.deps.throttle.unlock(input.email);
      return answer;
    },
  };
}
