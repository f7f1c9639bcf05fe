import { authMessages } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { decodeQuotedPrintable, startMailCatcher, verificationLinkIn } from './testing/mail-catcher.js';

const password = 'Sunflower42';

const countEvents = async (app: TestApp, type: string) => {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from events where type = ${type}`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
  return Number((rows[0] as { n: number }).n);
};

describe.each(httpStores())('sign-in API on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let clock = new Date('2026-11-21T10:00:00Z');

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, { env: { SMTP_URL: mail.url }, now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
  });
  afterEach(() => {
    clock = new Date('2026-11-21T10:00:00Z');
  });

  async function signUp(email: string, name = 'Ada Lovelace') {
    const before = mail.messages.length;
    const response = await app.post('/auth/signup', { name, email, password });
    expect(response.status).toBe(201);
    const message = await mail.nextTo(email, before);
    const link = verificationLinkIn(message.raw);
    if (!link) throw new Error('the e-mail has no verification link');
    return link;
  }

  it('signs up, verifies through the e-mailed link, reports status and refuses the token after logout', async () => {
    const signup = await app.post('/auth/signup', {
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      password,
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ email: 'ada@example.com' });
    expect(signup.headers.get('x-remit-position')).toBe(signup.body.position);

    const message = await mail.nextTo('ada@example.com');
    expect(message.raw).toContain('Content-Type: text/plain');
    expect(message.raw).toContain('Content-Type: text/html');
    const link = verificationLinkIn(message.raw);
    expect(link?.url.startsWith('http://remit.test/verify-email?token=')).toBe(true);
    expect(link?.email).toBe('ada@example.com');

    const verified = await app.post('/auth/verify-email', { email: link?.email, token: link?.token });
    expect(verified.status).toBe(200);
    const token = verified.body.token as string;
    expect(verified.body.user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
    });

    const status = await app.get('/auth/status', {
      token,
      headers: { 'X-Remit-Position': String(verified.body.position) },
    });
    expect(status.status).toBe(200);
    expect(status.body.user).toMatchObject({ email: 'ada@example.com', emailVerified: true });

    const login = await app.post('/auth/login', { email: 'ada@example.com', password });
    expect(login.status).toBe(200);

    const logout = await app.post('/auth/logout', {}, { token });
    expect(logout.status).toBe(200);
    const after = await app.get('/auth/status', { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(authMessages.sessionExpired);
    // The other session stays open.
    expect((await app.get('/auth/status', { token: login.body.token as string })).status).toBe(200);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const link = await signUp('grace@example.com', 'Grace Hopper');
    await app.post('/auth/verify-email', { email: link.email, token: link.token });
    const wrong = await app.post('/auth/login', { email: 'grace@example.com', password: 'Sunflower43' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(authMessages.invalidCredentials);
    const unknown = await app.post('/auth/login', { email: 'nobody@example.com', password });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe(authMessages.invalidCredentials);
  });

  it('refuses sign-in before verification and sends a new link on request', async () => {
    await signUp('linus@example.com', 'Linus Torvalds');
    const refused = await app.post('/auth/login', { email: 'linus@example.com', password });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: authMessages.emailNotVerified, code: 'email_not_verified' });

    const before = mail.messages.length;
    const resent = await app.post('/auth/resend-verification', { email: 'linus@example.com' });
    expect(resent.status).toBe(202);
    const link = verificationLinkIn((await mail.nextTo('linus@example.com', before)).raw);
    expect((await app.post('/auth/verify-email', { email: link?.email, token: link?.token })).status).toBe(
      200,
    );
    expect((await app.post('/auth/login', { email: 'linus@example.com', password })).status).toBe(200);
  });

  it('validates with the spec messages and writes nothing', async () => {
    const eventsBefore = await countEvents(app, 'UserSignedUp');
    const response = await app.post('/auth/signup', { name: 'A', email: 'not-an-email', password: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      name: authMessages.nameTooShort,
      email: authMessages.emailInvalid,
      password: authMessages.passwordTooShortSignUp,
    });
    expect(await countEvents(app, 'UserSignedUp')).toBe(eventsBefore);
  });

  it('answers a sign-up with a known address as any other, and tells the owner instead (no enumeration)', async () => {
    await signUp('margaret@example.com', 'Margaret Hamilton');
    const link = await signUp('margaret@example.com', 'Margaret Hamilton');
    expect((await app.post('/auth/verify-email', { email: link.email, token: link.token })).status).toBe(200);

    const before = mail.messages.length;
    const fresh = await app.post('/auth/signup', {
      name: 'Nobody Yet',
      email: 'fresh@example.com',
      password,
    });
    const known = await app.post('/auth/signup', {
      name: 'Margaret H',
      email: 'MARGARET@example.com',
      password,
    });
    // The same status and the same shape; each wrote its fact, so each has a position.
    expect(known.status).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(known.body).toMatchObject({ message: 'Check your email', email: 'margaret@example.com' });
    const notice = await mail.nextTo('margaret@example.com', before);
    expect(decodeQuotedPrintable(notice.raw)).toContain('You already have a Remit account');
    expect(verificationLinkIn(notice.raw)).toBeNull();
    expect(await countEvents(app, 'SignUpAttempted')).toBe(1);
    // The owner's password is untouched.
    expect((await app.post('/auth/login', { email: 'margaret@example.com', password })).status).toBe(200);

    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.post('/auth/signup', { name: 'Race Condition', email: 'race@example.com', password }),
      ),
    );
    expect(racing.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const result = await app.database.db.execute(
      sql`select count(*)::int as n from events where type = 'UserSignedUp' and data->>'email' = 'race@example.com'`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
    expect(Number((rows[0] as { n: number }).n)).toBe(1);
  });

  it('answers resend-verification before doing anything, whoever the address belongs to', async () => {
    // The mail server holds every message until released: an answer that waited for the e-mail (534 ms
    // against 33 ms for an unknown address, before) could not arrive.
    await signUp('pending@example.com', 'Pending Person');
    const release = mail.hold();
    const before = mail.messages.length;
    const known = await app.post('/auth/resend-verification', { email: 'pending@example.com' });
    const unknown = await app.post('/auth/resend-verification', { email: 'nobody-here@example.com' });
    expect(known).toMatchObject({ status: 202, body: unknown.body });
    expect(mail.messages.length).toBe(before);
    release();
    const link = verificationLinkIn((await mail.nextTo('pending@example.com', before)).raw);
    expect((await app.post('/auth/verify-email', { email: link?.email, token: link?.token })).status).toBe(
      200,
    );
  });

  it('refuses an expired link and a link used twice', async () => {
    const link = await signUp('barbara@example.com', 'Barbara Liskov');
    clock = new Date('2026-11-22T10:00:01Z');
    const expired = await app.post('/auth/verify-email', { email: link.email, token: link.token });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe(authMessages.verificationExpired);

    clock = new Date('2026-11-21T10:00:00Z');
    const fresh = await signUpAgainLink('barbara@example.com');
    expect((await app.post('/auth/verify-email', { email: fresh.email, token: fresh.token })).status).toBe(
      200,
    );
    const reused = await app.post('/auth/verify-email', { email: fresh.email, token: fresh.token });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe(authMessages.verificationInvalid);
  });

  async function signUpAgainLink(email: string) {
    const before = mail.messages.length;
    expect((await app.post('/auth/resend-verification', { email })).status).toBe(202);
    const link = verificationLinkIn((await mail.nextTo(email, before)).raw);
    if (!link) throw new Error('no link');
    return link;
  }

  it('replays the first answer for a repeated idempotency key and appends nothing', async () => {
    const key = 'signup-0b3f2c1d-key';
    const body = { name: 'Katherine Johnson', email: 'katherine@example.com', password };
    const first = await app.post('/auth/signup', body, { headers: { 'Idempotency-Key': key } });
    const eventsAfterFirst = await countEvents(app, 'UserSignedUp');
    const second = await app.post('/auth/signup', body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countEvents(app, 'UserSignedUp')).toBe(eventsAfterFirst);

    const reused = await app.post(
      '/auth/signup',
      { ...body, name: 'Someone Else' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(reused.status).toBe(400);
  });

  it('reports the store and projector lag on /api/health', async () => {
    await app.remit.caughtUp();
    const health = await app.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', store: 'ok', projectorLag: { users: 0 } });
  });

  it('refuses a token that is not ours', async () => {
    const response = await app.get('/auth/status', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(response.status).toBe(401);
  });
});

describe.each(httpStores())('sign-in rate limits on %s', (kind) => {
  let app: TestApp;
  const rule = { windowMs: 60_000, limit: 3 };
  beforeAll(async () => {
    app = await startTestApp(kind, {
      rateLimits: {
        signUpPerIp: rule,
        signUpPerEmail: rule,
        signInPerIp: { windowMs: 60_000, limit: 100 },
        signInFailures: {
          freeFailures: 2,
          accountFreeFailures: 100,
          baseDelayMs: 60_000,
          maxDelayMs: 600_000,
          forgetMs: 3_600_000,
        },
        verifyPerIp: rule,
        resendPerEmail: rule,
      },
    });
  });
  afterAll(() => app.close());

  it('makes one address wait after a few wrong passwords for one account', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++)
      attempts.push(await app.post('/auth/login', { email: 'target@example.com', password }));
    expect(attempts.map((response) => response.status)).toEqual([401, 401, 401, 429]);
    expect(attempts[3]?.body.error).toBe(authMessages.tooManyAttempts);
    // Another address from the same client is still let through.
    expect((await app.post('/auth/login', { email: 'other@example.com', password })).status).toBe(401);
  });

  it('refuses a fourth verification attempt from one client', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await app.post('/auth/verify-email', { email: 'x@example.com', token: `t${i}` })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
