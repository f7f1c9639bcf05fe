import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { usersProjection } from './users.js';

const spec = projectionSpec(usersProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

describe('the users projection', () => {
  it('keeps one row per account: signed up, verified, linked to Google; a re-delivery changes nothing', async () => {
    const batch = await spec.given([
      {
        type: 'UserSignedUp',
        streamId: 'user-u1',
        data: {
          userId: 'u1',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          passwordHash: 'x',
          method: 'password',
        },
      },
      {
        type: 'VerificationTokenIssued',
        streamId: 'user-u1',
        data: { tokenHash: 'h', expiresAt: '2026-11-02' },
      },
      { type: 'EmailVerified', streamId: 'user-u1', data: { email: 'ada@example.com', via: 'email_link' } },
      {
        type: 'GoogleAccountLinked',
        streamId: 'user-u1',
        data: { subject: 'g-1', email: 'ada@example.com' },
      },
    ]);
    const rows = await spec.rows('users', ['created_at', 'updated_at']);
    expect(rows).toEqual([
      {
        id: 'u1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        email_verified: true,
        sign_up_method: 'password',
        google_linked: true,
      },
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });
});
