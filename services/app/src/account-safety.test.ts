import { type AuthRateLimits, defaultAuthRateLimits } from '@remit/command';
import { authMessages } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import {
  decodeQuotedPrintable,
  resetLinkIn,
  startMailCatcher,
  verificationLinkIn,
} from './testing/mail-catcher.js';

const password = 'Sunflower42';
const newPassword = 'Moonflower77';
const limits: AuthRateLimits = {
  ...defaultAuthRateLimits,
  signInFailures: { ...defaultAuthRateLimits.signInFailures, freeFailures: 2, baseDelayMs: 600_000 },
};

describe.each(httpStores())('account safety, with the e-mail at a real SMTP server, on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let clock = Date.now();

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, {
      env: { SMTP_URL: mail.url, TRUST_PROXY: '1', PASSWORD_RESET_TTL_MINUTES: '60' },
      rateLimits: limits,
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  const status = (token: string) => app.get('/auth/status', { token }).then((answer) => answer.status);
  const signIn = (email: string, secret: string, address = '198.51.100.1') =>
    app.post('/auth/login', { email, password: secret }, { headers: { 'X-Forwarded-For': address } });
  async function eventsOf(type: string): Promise<Record<string, unknown>[]> {
    const result = await app.database.db.execute(
      sql`select data from events where type = ${type} order by position`,
    );
    const rows = Array.isArray(result)
      ? result
      : (result as { rows: { data: Record<string, unknown> }[] }).rows;
    return rows.map((row) => (row as { data: Record<string, unknown> }).data);
  }

  /** A verified account, signed in on `devices` devices (a token each). */
  async function account(email: string, devices = 2): Promise<string[]> {
    const before = mail.messages.length;
    expect((await app.post('/auth/signup', { name: 'Ada Lovelace', email, password })).status).toBe(201);
    const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
    expect((await app.post('/auth/verify-email', { email, token: link?.token })).status).toBe(200);
    const tokens: string[] = [];
    for (let n = 0; n < devices; n++) tokens.push(String((await signIn(email, password)).body.token));
    return tokens;
  }

  async function resetLink(email: string) {
    const before = mail.messages.length;
    const asked = await app.post('/auth/forgot-password', { email });
    expect(asked).toMatchObject({ status: 202, body: { message: authMessages.resetSent } });
    const message = await mail.nextTo(email, before);
    expect(message.raw).toContain('Subject: Reset your Remit password');
    const link = resetLinkIn(message.raw);
    if (!link) throw new Error('no reset link in the e-mail');
    expect(link.url.startsWith('http://remit.test/reset-password?token=')).toBe(true);
    return link;
  }

  it('resets a forgotten password through a single-use link; every session ends; the owner is told', async () => {
    const [laptop, phone] = (await account('forgetful@example.com')) as [string, string];
    const link = await resetLink('forgetful@example.com');

    const weak = await app.post('/auth/reset-password', {
      email: link.email,
      token: link.token,
      password: 'short',
    });
    expect(weak).toMatchObject({
      status: 400,
      body: { fields: { password: authMessages.passwordTooShortSignUp } },
    });

    const before = mail.messages.length;
    const reset = await app.post('/auth/reset-password', {
      email: link.email,
      token: link.token,
      password: newPassword,
    });
    expect(reset).toMatchObject({ status: 200, body: { message: authMessages.passwordReset } });
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    const notice = decodeQuotedPrintable((await mail.nextTo('forgetful@example.com', before)).raw);
    expect(notice).toContain('Subject: Your Remit password was changed');
    expect(notice).toContain('reset with a link from this mailbox');

    const again = await app.post('/auth/reset-password', {
      email: link.email,
      token: link.token,
      password: 'Another1234',
    });
    expect(again).toMatchObject({
      status: 400,
      body: { error: authMessages.resetInvalid, code: 'reset_invalid' },
    });
    expect((await signIn('forgetful@example.com', password)).status).toBe(401);
    const fresh = await signIn('forgetful@example.com', newPassword);
    expect(fresh.status).toBe(200);
    expect(await status(String(fresh.body.token))).toBe(200);

    expect(await eventsOf('PasswordResetRequested')).toHaveLength(1);
    expect(await eventsOf('PasswordChanged')).toEqual([expect.objectContaining({ via: 'reset' })]);
    expect(await eventsOf('SessionsEnded')).toEqual([
      expect.objectContaining({ exceptSessionId: null, reason: 'password_reset' }),
    ]);
  });

  it('refuses an expired link, and a link for another address', async () => {
    await account('slow@example.com', 0);
    const link = await resetLink('slow@example.com');
    const wrongAddress = await app.post('/auth/reset-password', {
      email: 'forgetful@example.com',
      token: link.token,
      password: newPassword,
    });
    expect(wrongAddress.status).toBe(400);
    clock += 61 * 60_000;
    const expired = await app.post('/auth/reset-password', {
      email: link.email,
      token: link.token,
      password: newPassword,
    });
    expect(expired).toMatchObject({ status: 400, body: { error: authMessages.resetExpired } });
    clock = Date.now();
  });

  it('answers a reset for an unknown address exactly as for a known one, and sends nothing', async () => {
    const before = mail.messages.length;
    const unknown = await app.post('/auth/forgot-password', { email: 'nobody-at-all@example.com' });
    const known = await app.post('/auth/forgot-password', { email: 'forgetful@example.com' });
    expect(unknown).toMatchObject({ status: 202, body: known.body });
    await mail.nextTo('forgetful@example.com', before);
    expect(mail.messages.slice(before).flatMap((message) => message.to)).not.toContain(
      'nobody-at-all@example.com',
    );
  });

  it('unlocks sign-in for the owner: a reset forgets the failures counted against the account', async () => {
    await account('locked@example.com', 0);
    for (let n = 0; n < 3; n++)
      expect((await signIn('locked@example.com', 'Wrong1234', '203.0.113.9')).status).toBe(401);
    expect((await signIn('locked@example.com', password, '203.0.113.9')).status).toBe(429);
    const link = await resetLink('locked@example.com');
    expect(
      (
        await app.post('/auth/reset-password', {
          email: link.email,
          token: link.token,
          password: newPassword,
        })
      ).status,
    ).toBe(200);
    expect((await signIn('locked@example.com', newPassword, '203.0.113.9')).status).toBe(200);
  });

  it('verifies an address whose owner resets the password before clicking the verification link', async () => {
    const before = mail.messages.length;
    expect(
      (await app.post('/auth/signup', { name: 'Late Reader', email: 'late@example.com', password })).status,
    ).toBe(201);
    await mail.nextTo('late@example.com', before);
    expect((await signIn('late@example.com', password)).body.code).toBe('email_not_verified');
    const link = await resetLink('late@example.com');
    expect(
      (
        await app.post('/auth/reset-password', {
          email: link.email,
          token: link.token,
          password: newPassword,
        })
      ).status,
    ).toBe(200);
    expect((await signIn('late@example.com', newPassword)).status).toBe(200);
  });

  it('changes the password on the profile: the current one is asked, other sessions end, the owner is told', async () => {
    const [here, elsewhere] = (await account('changer@example.com')) as [string, string];
    const change = (body: object) => app.post('/auth/change-password', body, { token: here });

    expect((await app.post('/auth/change-password', { currentPassword: password, newPassword })).status).toBe(
      401,
    );
    const wrong = await change({ currentPassword: 'NotMine123', newPassword });
    expect(wrong).toMatchObject({
      status: 400,
      body: { fields: { currentPassword: authMessages.currentPasswordWrong } },
    });
    const same = await change({ currentPassword: password, newPassword: password });
    expect(same).toMatchObject({
      status: 400,
      body: { fields: { newPassword: authMessages.passwordUnchanged } },
    });
    const weak = await change({ currentPassword: password, newPassword: 'lowercase1' });
    expect(weak).toMatchObject({
      status: 400,
      body: { fields: { newPassword: authMessages.passwordNeedsUppercase } },
    });

    // Both answers are fresh in the session check's cache when the change ends the other session.
    expect([await status(here), await status(elsewhere)]).toEqual([200, 200]);
    const before = mail.messages.length;
    const changed = await change({ currentPassword: password, newPassword });
    expect(changed).toMatchObject({ status: 200, body: { message: authMessages.passwordChanged } });
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    const notice = decodeQuotedPrintable((await mail.nextTo('changer@example.com', before)).raw);
    expect(notice).toContain('Subject: Your Remit password was changed');
    expect(notice).toContain('Every other session was signed out');
    expect((await signIn('changer@example.com', password)).status).toBe(401);
    expect((await signIn('changer@example.com', newPassword)).status).toBe(200);
  });

  it('signs out of all other devices, and leaves later sign-ins alone', async () => {
    const [here, phone, tablet] = (await account('devices@example.com', 3)) as [string, string, string];
    expect([await status(here), await status(phone), await status(tablet)]).toEqual([200, 200, 200]);
    const ended = await app.post('/auth/sessions/end-others', {}, { token: here });
    expect(ended).toMatchObject({ status: 200, body: { message: authMessages.otherSessionsEnded } });
    expect([await status(here), await status(phone), await status(tablet)]).toEqual([200, 401, 401]);
    const later = String((await signIn('devices@example.com', password)).body.token);
    expect(await status(later)).toBe(200);
    expect(await status(here)).toBe(200);
  });
});
