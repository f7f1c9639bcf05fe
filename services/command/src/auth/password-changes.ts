import { authMessages } from '@remit/contracts';
import { AppError, type AuthContext } from '@remit/kit';
import type { Answer, Finish } from '../commands.js';
import { passwordChangedEmail, passwordResetEmail } from './account-emails.js';
import type { Accounts } from './accounts.js';
import { assertResetLinkOpen, initialUserState, onUser, type UserState } from './decider.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { endOtherSessions } from './reservations-and-sessions.js';
import { hashToken, newVerificationToken } from './tokens.js';

/** A forgotten password reset through a link from the mailbox, and a known one changed on /profile. */
export function passwordChangeCommands(accounts: Accounts) {
  const { findUserId, loadUser, later, sendMail } = accounts;
  const { throttle, settings, now } = accounts.deps;

  return {
    /**
     * 'Forgot password?': 202 at once, whoever the address belongs to; the single-use link goes out
     * after the answer (the same reasons as resend-verification).
     */
    requestPasswordReset(input: { email: string }, finish: Finish): Answer {
      later(async () => {
        const userId = await findUserId(input.email);
        if (!userId) return;
        const { token, tokenHash } = newVerificationToken();
        const expiresAt = new Date(now().getTime() + settings.resetTtlMinutes * 60_000).toISOString();
        const issued: { to?: UserState } = {};
        await finish(
          onUser(userId, { type: 'RequestPasswordReset', data: { tokenHash, expiresAt } }),
          ({ state, events }) => {
            if (events.length > 0) issued.to = state;
            return { status: 202, body: {} };
          },
        );
        if (!issued.to) return;
        const { email, name } = issued.to;
        const query = new URLSearchParams({ token, email });
        await sendMail(
          passwordResetEmail({
            to: email,
            name,
            link: `${settings.appUrl}/reset-password?${query.toString()}`,
            minutesValid: settings.resetTtlMinutes,
          }),
        );
      });
      return { status: 202, body: { message: authMessages.resetSent }, position: null };
    },

    /**
     * A new password through a reset link: the link is used up (with every other open one), every
     * session ends, failed sign-ins counted against the account are forgotten, and the owner is told.
     */
    async resetPassword(
      input: { email: string; token: string; password: string },
      finish: Finish,
    ): Promise<Answer> {
      const userId = await findUserId(input.email);
      const tokenHash = hashToken(input.token);
      const at = now().toISOString();
      // The link is checked before the costly hash: without a good link, a known address and an unknown
      // one do the same work, so the answer's time does not tell which addresses have accounts.
      const owner = userId ? await loadUser(userId) : initialUserState;
      assertResetLinkOpen(owner, tokenHash, at);
      const passwordHash = await hashPassword(input.password, settings.passwordLogCost);
      const reset = onUser(
        owner.userId,
        { type: 'ResetPassword', data: { tokenHash, passwordHash, now: at } },
        [endOtherSessions(owner.userId, null, 'password_reset')],
      );
      const account: { state?: UserState } = {};
      const answer = await finish(reset, ({ state }) => {
        account.state = state;
        return { status: 200, body: { message: authMessages.passwordReset } };
      });
      await throttle.unlock(input.email);
      const { email, name } = account.state ?? owner;
      later(() =>
        sendMail(passwordChangedEmail({ to: email, name, appUrl: settings.appUrl, via: 'reset', at: now() })),
      );
      return answer;
    },

    /**
     * Change password on /profile: the current one proves it is the owner at the keyboard (wrong guesses
     * count like failed sign-ins); every other session ends; the owner is told by e-mail.
     */
    async changePassword(
      auth: AuthContext,
      input: { currentPassword: string; newPassword: string },
      address: string,
      finish: Finish,
    ): Promise<Answer> {
      const state = await loadUser(auth.userId);
      if (!state.exists) throw new AppError('unauthenticated', authMessages.unauthenticated);
      await throttle.check(state.email, address);
      if (!(await verifyPassword(input.currentPassword, state.passwordHash))) {
        await throttle.failed(state.email, address);
        throw new AppError('validation', authMessages.currentPasswordWrong, {
          reason: 'current_password_wrong',
          fields: { currentPassword: authMessages.currentPasswordWrong },
        });
      }
      const passwordHash = await hashPassword(input.newPassword, settings.passwordLogCost);
      const answer = await finish(
        onUser(auth.userId, { type: 'ChangePassword', data: { passwordHash } }, [
          endOtherSessions(auth.userId, auth.sessionId, 'password_changed'),
        ]),
        () => ({ status: 200, body: { message: authMessages.passwordChanged } }),
      );
      later(() =>
        sendMail(
          passwordChangedEmail({
            to: state.email,
            name: state.name,
            appUrl: settings.appUrl,
            via: 'change',
            at: now(),
          }),
        ),
      );
      return answer;
    },
  };
}
