import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { closeServer, KEEP_ALIVE_TIMEOUT_MS, listen } from './server.js';

function fetchWith(agent: Agent, port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('the HTTP server', () => {
  it('keeps idle connections longer than clients and proxies do, so it never closes one being reused', async () => {
    const app = express();
    app.get('/ok', (_req, res) => {
      res.send('ok');
    });
    const server = await listen(app, '127.0.0.1', 0);
    try {
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      await closeServer(server);
    }
  });

  it('closes at once when the last request on a keep-alive connection is answered', async () => {
    const app = express();
    let arrived = () => {};
    const slowArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', (_req, res) => {
      arrived();
      setTimeout(() => res.send('done'), 300);
    });
    app.get('/ok', (_req, res) => {
      res.send('ok');
    });
    const server = await listen(app, '127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    try {
      expect(await fetchWith(agent, port, '/ok')).toBe('ok');
      const slow = fetchWith(agent, port, '/slow');
      await slowArrived;
      const started = Date.now();
      const closed = closeServer(server);
      expect(await slow).toBe('done');
      await closed;
      // Without closing the connection once idle, this waited for the whole keep-alive timeout.
      expect(Date.now() - started).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS / 4);
    } finally {
      agent.destroy();
    }
  });
});
