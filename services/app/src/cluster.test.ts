import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INVOICE_PAGE_SIZE_MAX } from '@remit/contracts';
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
  let pids: Map<string, number>;

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
    ({ child: cluster, proxy, ports, pids } = started);
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

  /** A new person, signed up and verified through the proxy; their session token. */
  async function signUpThroughProxy(): Promise<string> {
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
    return ((await verified.json()) as { token: string }).token;
  }

  it('signs up, creates an invoice, reads it on either query replica and downloads its PDF through Caddy', async () => {
    const token = await signUpThroughProxy();

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

  /** Makes the person a subscriber through the sandbox checkout, so every invoice of theirs opens. */
  async function subscribeThroughProxy(token: string) {
    const checkout = await callApi(proxy, 'POST', '/create-checkout-session', {
      token,
      body: { plan: 'pro-monthly' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(checkout.status).toBe(201);
    const session = (await checkout.json()) as { url: string; sessionId: string };
    const paid = await fetch(`${proxy}${new URL(session.url).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const confirmed = await callApi(proxy, 'POST', '/confirm-subscription', {
      token,
      body: { sessionId: session.sessionId },
    });
    expect(confirmed.status).toBe(200);
  }

  it('loses and doubles nothing through Caddy while a command and a query replica are killed -9, and restarts them', async () => {
    const token = await signUpThroughProxy();
    await subscribeThroughProxy(token);
    const auth = { authorization: `Bearer ${token}` };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** What a client sees when the replica it reached died: the proxy's 502, or the connection cut. */
    const replicaLost = (status: number) =>
      status === 502 || status === 503 || status === 504 || status === 0;
    const lost: string[] = [];
    /** How long each request waited from its first try to its answer, retries included (ms). */
    const waits: number[] = [];

    /** Sends until answered, a lost replica retried with the same Idempotency-Key, as the web's outbox does. */
    async function until(label: string, send: () => Promise<Response>, ok: number): Promise<Response> {
      const first = performance.now();
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const answer = await send().catch(() => null);
        if (answer?.status === ok) {
          waits.push(performance.now() - first);
          return answer;
        }
        const status = answer?.status ?? 0;
        const body = answer ? await answer.text() : 'no answer';
        // 409 in_progress: the same key still being applied elsewhere; retried like a lost replica.
        if (!replicaLost(status) && !(status === 409 && body.includes('in_progress'))) {
          throw new Error(`${label} answered ${status}: ${body}`);
        }
        lost.push(`${label} ${status} ${body.slice(0, 120)}`);
        await sleep(100);
      }
      throw new Error(
        `${label}: no answer after 100 tries (${lost
          .filter((line) => line.startsWith(label))
          .slice(-3)
          .join(', ')})`,
      );
    }

    const numbers: string[] = [];
    /** IssueInvoice until answered, one key for every try; the invoice's id and the log position. */
    async function issue(number: string, base: string) {
      const key = randomUUID();
      const created = await until(
        `IssueInvoice ${number}`,
        () => {
          const form = new FormData();
          form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: number })));
          return fetch(`${base}/api/invoices`, {
            method: 'POST',
            headers: { ...auth, 'idempotency-key': key },
            body: form,
          });
        },
        201,
      );
      numbers.push(number);
      const { invoice } = (await created.json()) as { invoice: { ID: string } };
      return { id: invoice.ID, position: created.headers.get('x-remit-position') as string };
    }
    async function issueAndRead(number: string) {
      const { id, position } = await issue(number, proxy);
      const read = await until(
        `read ${number}`,
        () => fetch(`${proxy}/api/invoices/${id}`, { headers: { ...auth, 'x-remit-position': position } }),
        200,
      );
      expect(((await read.json()) as { InvoiceNumber: string }).InvoiceNumber).toBe(number);
    }

    const victims = ['command-1', 'query-1'];
    const before = new Map(victims.map((label) => [label, pids.get(label) as number]));
    for (const label of victims) expect(before.get(label), label).toBeGreaterThan(0);
    let stop = false;
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let index = 0; !stop; index += 1) await issueAndRead(`KILL-${client}-${index}`);
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
    const commandBase = `http://127.0.0.1:${ports['command-1']}`;
    const queryBase = `http://127.0.0.1:${ports['query-1']}`;
    const { position } = await issue('KILL-DIRECT', commandBase);
    const listed = await callApi(queryBase, 'GET', `/invoices?limit=${INVOICE_PAGE_SIZE_MAX}`, {
      token,
      headers: { 'x-remit-position': position },
    });
    expect(listed.status).toBe(200);

    // Every command answered once is there exactly once: none lost with its replica, none applied twice.
    const seen: string[] = [];
    const { pagination } = (await listed.json()) as { pagination: { total_pages: number } };
    for (let page = 1; page <= pagination.total_pages; page += 1) {
      const answer = await callApi(
        queryBase,
        'GET',
        `/invoices?limit=${INVOICE_PAGE_SIZE_MAX}&page=${page}`,
        {
          token,
          headers: { 'x-remit-position': position },
        },
      );
      const { invoices } = (await answer.json()) as { invoices: { InvoiceNumber: string }[] };
      seen.push(...invoices.map((invoice) => invoice.InvoiceNumber));
    }
    expect(numbers.length).toBeGreaterThan(victims.length * 4);
    expect([...seen].sort()).toEqual([...numbers].sort());
    const kinds = new Map<string, number>();
    for (const line of lost) {
      const kind = line.replace(/^(\S+) \S+ /, '$1 ').slice(0, 80);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const longest = Math.max(...waits);
    console.info(
      `replica kill -9 under load: ${numbers.length} invoices issued and read, ${lost.length} answers lost with a replica and retried, longest wait ${longest.toFixed(0)} ms`,
      Object.fromEntries(kinds),
    );
    // Writes and reads kept flowing on the other replicas: nobody waited out a restart, let alone more.
    expect(longest).toBeLessThan(4_000);
  }, 120_000);
});
