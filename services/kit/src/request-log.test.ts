import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from './http.js';
import { closeServer, listen } from './server.js';

describe('the request log (issue 34, item 23)', () => {
  const lines: { level: number; url?: string; msg: string }[] = [];
  let base: string;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = createHttpApp({ logger: pino({ level: 'debug' }, sink) });
    app.get('/api/health/live', (_req, res) => res.json({ ok: true }));
    app.get('/api/health', (_req, res) => res.json({ ok: true }));
    app.get('/api/health/ready', (_req, res) => res.status(503).json({ ok: false }));
    app.get('/api/invoices', (_req, res) => res.json([]));
    server = await listen(app, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeServer(server));

  it('logs answered health polls at debug, so they stay out of an info log; other requests at info', async () => {
    for (const path of ['/api/health/live', '/api/health', '/api/health/ready', '/api/invoices']) {
      await (await fetch(`${base}${path}`)).text();
    }
    const levelOf = (url: string) => lines.find((line) => line.msg === 'request' && line.url === url)?.level;
    expect({
      live: levelOf('/api/health/live'),
      health: levelOf('/api/health'),
      failing: levelOf('/api/health/ready'),
      other: levelOf('/api/invoices'),
    }).toEqual({
      live: pino.levels.values.debug,
      health: pino.levels.values.debug,
      failing: pino.levels.values.error,
      other: pino.levels.values.info,
    });
  });
});
