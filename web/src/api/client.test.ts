import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../test/api';
import { onUnauthorized, request } from './client';
import { ApiError, NetworkError } from './errors';
import { forgetPosition, readPosition, storeToken } from './session';

describe('API client', () => {
  it('sends the bearer token from local storage', async () => {
    const { requests } = mockApi({ 'GET /health': () => ({ body: { status: 'ok' } }) });
    storeToken('secret');
    await request('GET', '/health');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer secret');
  });

  it('sends a fresh idempotency key with every command', async () => {
    const { requests } = mockApi({ 'POST /auth/logout': () => ({ body: { position: '1' } }) });
    await request('POST', '/auth/logout');
    await request('POST', '/auth/logout');
    const [first, second] = requests.map((item) => item.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('sends the last command position with later queries', async () => {
    forgetPosition();
    const { requests } = mockApi({
      'POST /auth/login': () => ({ body: { position: '41' }, headers: { 'X-Remit-Position': '42' } }),
      'GET /auth/status': () => ({ body: {} }),
    });
    await request('POST', '/auth/login', { body: {} });
    await request('GET', '/auth/status');
    expect(readPosition()).toBe('42');
    expect(requests[1]?.headers.get('X-Remit-Position')).toBe('42');
    expect(requests[0]?.headers.get('X-Remit-Position')).toBeNull();
  });

  it('asks again when the answer says it is stale (our last write not read yet), at most twice more', async () => {
    let asked = 0;
    mockApi({
      'GET /invoices': () => {
        asked += 1;
        return asked < 2
          ? { body: { n: asked }, headers: { 'X-Remit-Stale': 'true' } }
          : { body: { n: asked } };
      },
    });
    expect(await request('GET', '/invoices')).toEqual({ n: 2 });
    expect(asked).toBe(2);
    // Still stale after the retries: the last answer is shown rather than none.
    const { fetchMock } = mockApi({
      'GET /drafts': () => ({ body: { stale: true }, headers: { 'X-Remit-Stale': 'true' } }),
    });
    expect(await request('GET', '/drafts')).toEqual({ stale: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('turns an error answer into an ApiError with the server message, code and fields', async () => {
    mockApi({
      'POST /auth/login': () => ({
        status: 403,
        body: { error: 'Verify first', code: 'email_not_verified', fields: { email: 'Nope' } },
      }),
    });
    const error = await request('POST', '/auth/login', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'Verify first',
      code: 'email_not_verified',
      fields: { email: 'Nope' },
    });
  });

  it('reports an unreachable server as a NetworkError', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('GET', '/health')).rejects.toBeInstanceOf(NetworkError);
  });

  it('tells listeners when the server refuses our token', async () => {
    mockApi({ 'GET /invoices': () => ({ status: 401, body: { error: 'Please sign in to continue' } }) });
    storeToken('revoked');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await expect(request('GET', '/invoices')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('validates the answer with the given schema', async () => {
    mockApi({ 'GET /check-subscription': () => ({ body: { subscribed: 'yes' } }) });
    await expect(
      request('GET', '/check-subscription', { schema: z.object({ subscribed: z.boolean() }) }),
    ).rejects.toThrow();
  });
});
