import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { signedInUser } from './testing/users.js';

const at = (position: string) => ({ headers: { 'X-Remit-Position': position } });

describe.each(httpStores())('X-Remit-Position from hostile clients on %s', (kind) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ token } = await signedInUser(app, 'reader@example.com'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('holds no anonymous request, on any path', async () => {
    for (const path of ['/auth/providers', '/no-such-endpoint', '/templates/get']) {
      const answer = await app.get(path, at('999999999'));
      expect(answer.status, path).not.toBe(500);
      // A request that waited out the deadline would be marked stale.
      expect(answer.headers.get('x-remit-stale'), path).toBeNull();
    }
  });

  it('answers a signed-in position past the log at once', async () => {
    const answer = await app.get('/settings', { token, ...at('999999999') });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-remit-stale')).toBeNull();
  });

  it('refuses a value that is not a position with 400, not 500', async () => {
    for (const value of ['9223372036854775808', '99999999999999999999', 'abc', '-3', '12.5']) {
      const answer = await app.get('/settings', { token, ...at(value) });
      expect(answer.status, value).toBe(400);
      expect(answer.body.error).toMatch(/X-Remit-Position must be a log position/);
    }
  });

  it('still reads its own write', async () => {
    const saved = await app.call('PUT', '/settings', {
      token,
      body: {
        Name: 'Ada Reader',
        DefaultDueDays: 14,
        Settings: {
          CompanyEmail: 'ada@example.com',
          CompanyAddress: '1 Main Street',
          CompanyName: 'Reader Ltd',
          DefaultCurrency: 'EUR',
          UserCompanyVAT: '',
        },
      },
    });
    expect(saved.status).toBe(200);
    const read = await app.get('/settings', { token, ...at(String(saved.body.position)) });
    expect(read.body).toMatchObject({ Name: 'Ada Reader', DefaultDueDays: 14 });
    expect(read.headers.get('x-remit-stale')).toBeNull();
  });
});
