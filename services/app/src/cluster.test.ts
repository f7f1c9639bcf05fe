import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase, testStores } from '@remit/eventstore/testing';
import { callApi, startClusterProcess, stopProcess } from '@remit/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clusterTestEnv,
  persistentClient,
  signUpThroughProxy,
  subscribeThroughProxy,
} from './testing/cluster-client.js';
import { invoicePayload } from './testing/invoices.js';

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
  let pids: Map<string, number>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('remit_cluster');
    dataDir = await mkdtemp(join(tmpdir(), 'remit-cluster-'));
    const started = await startClusterProcess(script, {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      ...clusterTestEnv,
    });
    ({ child: cluster, proxy, ports, pids } = started);
  }, 120_000);
  afterAll(async () => {
    if (cluster) await stopProcess(cluster);
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('signs up, creates an invoice, reads it on either query replica and downloads its PDF through Caddy', async () => {
    const token = await signUpThroughProxy(proxy, dataDir);

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

  it('loses and doubles nothing through Caddy while a command and a query replica are killed -9, and restarts them', async () => {
    const token = await signUpThroughProxy(proxy, dataDir);
    await subscribeThroughProxy(proxy, token);
    const client = persistentClient(proxy, token);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    const victims = ['command-1', 'query-1'];
    const before = new Map(victims.map((label) => [label, pids.get(label) as number]));
    for (const label of victims) expect(before.get(label), label).toBeGreaterThan(0);
    let stop = false;
    const clients = Array.from({ length: 8 }, async (_, person) => {
      for (let index = 0; !stop; index += 1) await client.issueAndRead(`KILL-${person}-${index}`);
    });
    const faults = (async () => {
      try {
        await sleep(1_000);
        process.kill(before.get('command-1') as number, 'SIGKILL');
        await sleep(500);
        process.kill(before.get('query-1') as number, 'SIGKILL');
        // The cluster starts each again (restart: unless-stopped), under a new pid, answering its health.
        const deadline = Date.now() + 60_000;
        for (const label of victims) {
          for (;;) {
            const pid = pids.get(label);
            const healthy =
              pid !== before.get(label) &&
              (await fetch(`http://127.0.0.1:${ports[label]}/api/health`).then(
                (answer) => answer.ok,
                () => false,
              ));
            if (healthy) break;
            if (Date.now() > deadline) throw new Error(`${label} was not restarted within 60 s`);
            await sleep(100);
          }
        }
        await sleep(500);
      } finally {
        stop = true;
      }
    })();
    await Promise.all([faults, ...clients]);

    // The restarted replicas take work straight away, each on its own port.
    const { position } = await client.issue('KILL-DIRECT', `http://127.0.0.1:${ports['command-1']}`);
    const seen = await client.listedNumbers(`http://127.0.0.1:${ports['query-1']}`, position);

    // Every command answered once is there exactly once: none lost with its replica, none applied twice.
    expect(client.numbers.length).toBeGreaterThan(victims.length * 4);
    expect([...seen].sort()).toEqual([...client.numbers].sort());
    const longest = Math.max(...client.waits);
    console.info(
      `replica kill -9 under load: ${client.numbers.length} invoices issued and read, ${client.lost.length} answers lost with a replica and retried, longest wait ${longest.toFixed(0)} ms`,
      client.lostByKind(),
    );
    // Writes and reads kept flowing on the other replicas: nobody waited out a restart, let alone more.
    expect(longest).toBeLessThan(4_000);
  }, 120_000);
});
