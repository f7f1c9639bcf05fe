import type * as crypto from 'node:crypto';
import { authMessages } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { resetLinkIn } from './testing/mail-catcher.js';
import { mailedLink, signedInUser } from './testing/users.js';

// Every password hash and check is one scrypt call: counting them measures the work a request does,
// which is what its answer time gives away (a wall clock on a shared machine would not).
const scryptCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof crypto>();
  return {
    ...actual,
    scrypt: (...args: Parameters<typeof actual.scrypt>) => {
      scryptCalls.count += 1;
      return (actual.scrypt as (...rest: unknown[]) => void)(...args);
    },
  };
});

describe('a password reset costs the same whether the address has an account or not (item 13)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(async () => {
    await app?.close();
  });

  async function hashesFor(body: { email: string; token: string; password: string }) {
    const before = scryptCalls.count;
    const answer = await app.post('/auth/reset-password', body);
    return { answer, hashes: scryptCalls.count - before };
  }

  it('does as many password hashes for an unknown address as for a known one with a wrong link', async () => {
    await signedInUser(app, 'known@example.com');
    expect((await app.post('/auth/forgot-password', { email: 'known@example.com' })).status).toBe(202);
    await mailedLink(app, 'known@example.com', resetLinkIn);
    const attempt = { token: 'a'.repeat(43), password: 'Moonflower77' };

    const known = await hashesFor({ ...attempt, email: 'known@example.com' });
    const unknown = await hashesFor({ ...attempt, email: 'nobody@example.com' });

    expect(known.answer).toMatchObject({ status: 400, body: { error: authMessages.resetInvalid } });
    expect(unknown.answer).toMatchObject({ status: 400, body: known.answer.body });
    // The two paths' work, hash for hash (on main the known address cost one scrypt, the unknown none).
    expect(known.hashes).toBe(unknown.hashes);
  });

  it('hashes the new password once the link is good', async () => {
    const link = await mailedLink(app, 'known@example.com', resetLinkIn);
    const reset = await hashesFor({ email: link.email, token: link.token, password: 'Moonflower77' });
    expect(reset.answer.status).toBe(200);
    expect(reset.hashes).toBe(1);
  });
});
