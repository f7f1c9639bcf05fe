import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthRateLimits } from '@remit/command';
import { openTestDatabase, type StoreKind } from '@remit/eventstore/testing';
import { closeServer, createLogger, listen } from '@remit/kit';
import { migrateReadModels } from '@remit/projector';
import { createRemitApp } from '../app.js';
import { loadAppConfig } from '../config.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimits?: AuthRateLimits;
  now?: () => Date;
}

/**
 * The whole app over real HTTP on a free port, on a fresh database of the given kind: what a browser
 * or another service would talk to.
 */
export async function startTestApp(kind: StoreKind, options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-test-'));
  const database = await openTestDatabase(kind);
  await migrateReadModels(database);
  const config = loadAppConfig({
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://remit.test',
    ...options.env,
  });
  const logger = createLogger({ level: 'silent', name: 'test' });
  const remit = await createRemitApp({
    config,
    database,
    logger,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const server = await listen(remit.app, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: response.status, headers: response.headers, body: json };
  }

  return {
    base,
    dataDir,
    database,
    remit,
    call,
    get: (path: string, init?: Parameters<typeof call>[2]) => call('GET', path, init),
    post: (path: string, body?: unknown, init?: Parameters<typeof call>[2]) =>
      call('POST', path, { ...init, body: body ?? {} }),
    async close() {
      await closeServer(server);
      await remit.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
