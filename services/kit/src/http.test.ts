import type { AddressInfo } from 'node:net';
import { ConcurrencyError } from '@remit/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiNotFound, createHttpApp, errorHandler } from './http.js';
import { createLogger } from './logger.js';
import { closeServer, listen } from './server.js';

/** An error as node-postgres raises it when PostgreSQL shuts down, wrapped as Drizzle wraps it. */
function adminShutdown(): Error {
  const cause = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  return new Error('Failed query: select 1', { cause });
}

describe('the one error handler', () => {
  let base: string;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const app = createHttpApp({ logger: createLogger({ level: 'silent', name: 'test' }) });
    app.get('/api/down', () => {
      throw adminShutdown();
    });
    app.get('/api/contended', () => {
      throw new ConcurrencyError('user-1', 3, 4);
    });
    app.get('/api/bug', () => {
      throw new TypeError('undefined is not a function');
    });
    app.post('/api/echo', (req, res) => {
      res.json(req.body);
    });
    app.use('/api', apiNotFound);
    app.use(errorHandler);
    server = await listen(app, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => closeServer(server));

  it('answers a database out of reach with 503 and Retry-After', async () => {
    const response = await fetch(`${base}/down`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ code: 'database_unavailable' });
  });

  it('answers a command that lost every retry to other writers with 503 and a short Retry-After', async () => {
    const response = await fetch(`${base}/contended`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
  });

  it('keeps 500 for its own bugs, without their details', async () => {
    const response = await fetch(`${base}/bug`);
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toMatch(/undefined is not/);
  });

  it("answers what the client sent wrong with the parser's own status", async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${base}/echo`, { method: 'POST', headers, body });
    expect((await post({ 'content-type': 'application/json; charset=klingon' }, '{}')).status).toBe(415);
    expect(
      (await post({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, '{}')).status,
    ).toBe(400);
    expect(
      (await post({ 'content-type': 'application/json', 'content-encoding': 'snappy' }, '{}')).status,
    ).toBe(415);
    expect((await post({ 'content-type': 'application/json' }, '{"a":')).status).toBe(400);
    expect((await fetch(`${base}/%E0%A4%A`)).status).toBe(400);
  });

  it('marks every API answer no-store', async () => {
    const response = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":"secret"}',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
