import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './auth.js';

describe('the token service, which remembers the tokens it verified', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a token it verified with the same claims until its expiry second, and refuses it from then on', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00.400Z') });
    const tokens = createTokenService('a secret of ours', 60);
    const token = tokens.sign({ userId: 'u1', sessionId: 's1' });
    expect(tokens.verify(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    // Signed at 10:00:00 (whole seconds): `exp` is 10:01:00, and jsonwebtoken refuses from that second on.
    vi.setSystemTime(new Date('2026-11-25T10:00:59.999Z'));
    expect(tokens.verify(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    // What a service that never saw the token says at the same instant: the same.
    expect(createTokenService('a secret of ours', 60).verify(token)).toEqual({
      userId: 'u1',
      sessionId: 's1',
    });
    vi.setSystemTime(new Date('2026-11-25T10:01:00.000Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(createTokenService('a secret of ours', 60).verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a changed token, or one signed with another key, after verifying the real one', () => {
    const tokens = createTokenService('a secret of ours', 3600);
    const token = tokens.sign({ userId: 'u1', sessionId: 's1' });
    expect(tokens.verify(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    const [header, payload, signature = ''] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: 'u2' }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const theirs = createTokenService('another secret', 3600).sign({ userId: 'u1', sessionId: 's1' });
    expect(tokens.verify(theirs)).toBeNull();
    // Each token answers with its own claims.
    const second = tokens.sign({ userId: 'u3', sessionId: 's3' });
    expect(tokens.verify(second)).toEqual({ userId: 'u3', sessionId: 's3' });
    expect(tokens.verify(token)).toEqual({ userId: 'u1', sessionId: 's1' });
  });
});
