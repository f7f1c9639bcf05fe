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

  it('in one batch, a sign-up with an address another account holds leaves no row, and the same id may sign up again with its own', async () => {
    const signUp = (userId: string, email: string) => ({
      type: 'UserSignedUp' as const,
      streamId: `user-${userId}`,
      data: { userId, name: `Name ${userId}`, email, passwordHash: null, method: 'password' as const },
    });
    await spec.given([
      signUp('u2', 'shared@example.com'),
      signUp('u3', 'shared@example.com'),
      {
        type: 'EmailVerified',
        streamId: 'user-u3',
        data: { email: 'shared@example.com', via: 'email_link' },
      },
      signUp('u3', 'u3@example.com'),
    ]);
    const rows = await spec.rows('users', [
      'created_at',
      'updated_at',
      'name',
      'sign_up_method',
      'google_linked',
    ]);
    expect(rows.filter((row) => row.id !== 'u1')).toEqual([
      { id: 'u2', email: 'shared@example.com', email_verified: false },
      { id: 'u3', email: 'u3@example.com', email_verified: false },
    ]);
  });
});
