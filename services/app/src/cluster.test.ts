import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase, testStores } from '@remit/eventstore/testing';
import { callApi, startClusterProcess, stopProcess } from '@remit/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayload } from './testing/invoices.js';
import { verificationLinkIn } from './testing/mail-catcher.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(root, 'scripts', 'cluster.mjs');

describe('the cluster script and docker-compose.yml', () => {
  it('run the same shape: the same environment, replicas and restart policy', async () => {
    const compose = await readFile(join(root, 'docker-compose.yml'), 'utf8');
    const cluster = await readFile(script, 'utf8');
    const common = compose.slice(compose.indexOf('environment: &common'), compose.indexOf('depends_on:'));
    const names = [...common.matchAll(/^\s+([A-Z_]+):/gm)].map((match) => match[1] as string);
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(cluster, name).toContain(name);
    for (const service of ['projector', 'command', 'query']) {
      const block = compose.slice(
        compose.indexOf(`\n  ${service}:`),
        compose.indexOf('\n\n', compose.indexOf(`\n  ${service}:`)),
      );
      expect(block, service).toContain('restart: unless-stopped');
      expect(block, service).toContain('replicas: 2');
    }
    expect(cluster).toContain('infra/Caddyfile'.split('/')[1]);
  });
});

// Caddy in front of two command, two query and two projector processes on PostgreSQL, as production.
describe.each(testStores().filter((kind) => kind === 'postgres'))('the cluster on %s', () => {
  let scratch: ScratchDatabase | undefined;
  let cluster: ChildProcess;
  let dataDir: string;
  let proxy: string;
  let ports: Record<string, number>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('remit_cluster');
    dataDir = await mkdtemp(join(tmpdir(), 'remit-cluster-'));
    const started = await startClusterProcess(script, {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PDF_WORKERS: '1',
      PASSWORD_HASH_COST: '10',
      READ_YOUR_WRITES_WAIT_MS: '15000',
    });
    ({ child: cluster, proxy, ports } = started);
  }, 120_000);
  afterAll(async () => {
    if (cluster) await stopProcess(cluster);
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function verificationLink(email: string) {
    const outbox = join(dataDir, 'outbox');
    for (;;) {
      for (const file of await readdir(outbox).catch(() => [] as string[])) {
        const link = verificationLinkIn(await readFile(join(outbox, file), 'utf8'));
        if (link?.email === email) return link;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('signs up, creates an invoice, reads it on either query replica and downloads its PDF through Caddy', async () => {
    const email = `cluster-${randomBytes(3).toString('hex')}@example.com`;
    const signup = await callApi(proxy, 'POST', '/auth/signup', {
      body: { name: 'Clustered Person', email, password: 'Sunflower42' },
    });
    expect(signup.status).toBe(201);
    const link = await verificationLink(email);
    const verified = await callApi(proxy, 'POST', '/auth/verify-email', {
      body: { email, token: link.token },
    });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as { token: string };

    const form = new FormData();
    form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: 'CL-0001' })));
    const created = await fetch(`${proxy}/api/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const position = created.headers.get('x-remit-position') as string;
    expect(position).toMatch(/^\d+$/);
    const id = ((await created.json()) as { invoice: { ID: string } }).invoice.ID;

    // Read your writes on each query replica, whichever one the proxy would have picked.
    for (const replica of ['query-1', 'query-2']) {
      const read = await callApi(`http://127.0.0.1:${ports[replica]}`, 'GET', `/invoices/${id}`, {
        token,
        headers: { 'x-remit-position': position },
      });
      expect(read.status, replica).toBe(200);
    }
    const listed = await callApi(proxy, 'GET', '/invoices', {
      token,
      headers: { 'x-remit-position': position },
    });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain('CL-0001');

    const pdf = await callApi(proxy, 'GET', `/invoices/${id}/pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Every service names the same projector leader.
    const leaders = new Set<string>();
    for (const port of Object.values(ports)) {
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
        projectorLeader: string;
      };
      leaders.add(health.projectorLeader);
    }
    expect(leaders.size).toBe(1);
  }, 90_000);
});
