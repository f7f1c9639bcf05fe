import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web.js';

const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let dist: string;
let server: Server;
let base: string;

function fetchRaw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'remit-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Remit</title>');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
  const app = express();
  app.use(webApp(dist));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers a hashed asset precompressed, as immutable, with its own content type', async () => {
    const answer = await fetchRaw('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('answers gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await fetchRaw('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await fetchRaw('/assets/index-abc123.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers an unknown file with a real 404, not the app shell', async () => {
    for (const path of ['/favicon.ico', '/nope.js', '/assets/nope-123.js', '/deep/path/image.png']) {
      const answer = await fetchRaw(path, { Accept: 'text/html,*/*' });
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).not.toContain('<title>Remit</title>');
    }
  });

  it('serves robots.txt as text and the app routes as the shell', async () => {
    const robots = await fetchRaw('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    const route = await fetchRaw('/invoice/create?draft=abc', { Accept: 'text/html' });
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body.toString()).toContain('<title>Remit</title>');
    expect(route.headers['x-robots-tag']).toBeUndefined();
  });

  it("keeps the public customer page out of search engines: 'X-Robots-Tag: noindex'", async () => {
    const page = await fetchRaw('/i/abc123token', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>Remit</title>');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
