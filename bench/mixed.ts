/**
 * Mixed load over HTTP, as people use Remit: `npm run bench:mixed [seconds per step]`.
 *
 * Each client is a person of their own (signed up, verified from the outbox, subscribed through the
 * sandbox checkout, then signed in — the first 40; sign-ins are limited per address) who, in a closed loop, issues an invoice (1 in 5), lists the
 * dashboard's first page (7 in 20), opens one of their invoices (1 in 5; right after issuing it, with
 * X-Remit-Position, as the web does), downloads its PDF (1 in 10) or reads the quick stats (1 in 10).
 * Requests/s, p50/p99 and errors at each concurrency (BENCH_CLIENTS, default 8,32,64) on:
 *
 *   cluster      scripts/cluster.mjs: Caddy, 2 command + 2 query + 2 projector processes on PostgreSQL
 *                (a database of its own on BENCH_DATABASE_URL or TEST_DATABASE_URL), all through Caddy
 *   pglite       the all-in-one process on the embedded store, admission control on (the default)
 *   pglite-open  the same with ADMISSION_CONCURRENCY=0 (no admission control), for comparison
 *   pglite-same-thread  admission on, with PGLITE_THREAD=false: the engine on the server's thread
 *
 * BENCH_TARGETS picks some (default: all that can run here). A 503 `overloaded` (shed, with
 * Retry-After) is counted apart from errors; any other non-2xx answer or a failed connection is an error.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { invoicePayload } from '../services/app/src/testing/invoices.js';
import { verificationLinkIn } from '../services/app/src/testing/mail-catcher.js';
import {
  callApi,
  startClusterProcess,
  startServiceProcess,
  stopProcess,
  waitForOutput,
} from '../services/kit/src/testing/index.js';
import { benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 20);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,32,64').split(',').map(Number);
const root = fileURLToPath(new URL('..', import.meta.url));

type TargetName = 'cluster' | 'pglite' | 'pglite-open' | 'pglite-same-thread';
const TARGETS =
  (process.env.BENCH_TARGETS?.split(',') as TargetName[] | undefined) ??
  (benchPostgresUrl
    ? ['cluster', 'pglite', 'pglite-same-thread', 'pglite-open']
    : ['pglite', 'pglite-same-thread', 'pglite-open']);

/** What a run needs of the services: people can sign up many times from one address. */
const TUNING = {
  PASSWORD_HASH_COST: '10',
  SIGNUP_LIMIT_PER_IP_HOUR: '100000',
  VERIFY_LIMIT_PER_IP_15MIN: '100000',
  LOG_LEVEL: 'warn',
};

interface Target {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startCluster(): Promise<Target> {
  const databaseName = `remit_mixed_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${databaseName}`);
  const url = new URL(benchPostgresUrl as string);
  url.pathname = `/${databaseName}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-mixed-'));
  const { child, proxy: base } = await startClusterProcess(join(root, 'scripts', 'cluster.mjs'), {
    ...TUNING,
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
  });
  return {
    base,
    dataDir,
    async stop() {
      await stopProcess(child);
      await admin(`drop database if exists ${databaseName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startEmbedded(admission: boolean, thread = true): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-mixed-'));
  const { child, port } = await startServiceProcess(
    join(root, 'services', 'app', 'src', 'main.ts'),
    {
      ...TUNING,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(admission ? {} : { ADMISSION_CONCURRENCY: '0' }),
      ...(thread ? {} : { PGLITE_THREAD: 'false' }),
    },
    { stdout: 'pipe' },
  );
  await waitForOutput(child, 'Remit is running', 'the server');
  child.stdout?.resume();
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function must(response: Response, what: string) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Set-up calls may be shed on the embedded store too: they wait and try again, as a person would. */
async function patiently(call: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const response = await call();
    if (response.status !== 503) return response;
    await response.text();
    await new Promise((resolve) =>
      setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000),
    );
  }
}

async function verificationToken(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const link = verificationLinkIn(await readFile(join(outbox, file), 'utf8'));
      if (link?.email === email) return link.token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

interface Person {
  token: string;
  invoices: string[];
  issued: number;
  /** The position of the person's last write, sent with the next read (read-your-writes). */
  position?: string;
}

function invoiceForm(number: string) {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: number })));
  return form;
}

async function person(target: Target, n: number): Promise<Person> {
  const { base, dataDir } = target;
  const email = `mixed-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Sunflower42';
  await must(
    await patiently(() =>
      callApi(base, 'POST', '/auth/signup', {
        body: { name: `Person ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}`, email, password },
      }),
    ),
    'sign-up',
  );
  const token = await verificationToken(dataDir, email);
  const verified = await must(
    await patiently(() => callApi(base, 'POST', '/auth/verify-email', { body: { email, token } })),
    'verify',
  );
  // Sign-ins are limited to 50 per client address per 15 minutes, and every client here is 127.0.0.1:
  // the first 40 people sign in, the others keep the session their verification started.
  const session =
    n < 40
      ? ((
          await must(
            await patiently(() => callApi(base, 'POST', '/auth/login', { body: { email, password } })),
            'sign-in',
          )
        ).token as string)
      : (verified.token as string);
  const checkout = await must(
    await patiently(() =>
      callApi(base, 'POST', '/create-checkout-session', {
        token: session,
        body: { plan: 'pro-monthly' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    ),
    'checkout',
  );
  const paid = await patiently(() =>
    fetch(`${base}${new URL(checkout.url as string).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
    }),
  );
  await paid.text();
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  await must(
    await patiently(() =>
      callApi(base, 'POST', '/confirm-subscription', {
        token: session,
        body: { sessionId: checkout.sessionId },
      }),
    ),
    'confirm',
  );
  const someone: Person = { token: session, invoices: [], issued: 0 };
  const created = await patiently(() =>
    fetch(`${base}/api/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'idempotency-key': randomUUID() },
      body: invoiceForm(`M${n}-0`),
    }),
  );
  const body = await must(created, 'first invoice');
  someone.invoices.push((body.invoice as { ID: string }).ID);
  someone.position = created.headers.get('x-remit-position') ?? undefined;
  return someone;
}

type Op = 'issue' | 'list' | 'details' | 'pdf' | 'stats';
const MIX: [Op, number][] = [
  ['issue', 20],
  ['list', 35],
  ['details', 20],
  ['pdf', 10],
  ['stats', 15],
];

function pick(): Op {
  let roll = Math.random() * 100;
  for (const [op, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return op;
  }
  return 'list';
}

interface Sample {
  op: Op;
  ms: number;
  outcome: 'ok' | 'shed' | 'error';
  detail?: string;
}

async function once_(base: string, someone: Person, n: number): Promise<Sample> {
  const op = pick();
  const id = someone.invoices[Math.floor(Math.random() * someone.invoices.length)] as string;
  const auth = { authorization: `Bearer ${someone.token}` };
  const fresh: Record<string, string> = someone.position ? { 'x-remit-position': someone.position } : {};
  const started = performance.now();
  let response: Response;
  try {
    if (op === 'issue') {
      someone.issued += 1;
      response = await fetch(`${base}/api/invoices`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: invoiceForm(`M${n}-${someone.issued}`),
      });
    } else if (op === 'list') {
      response = await fetch(`${base}/api/invoices`, { headers: { ...auth, ...fresh } });
    } else if (op === 'details') {
      response = await fetch(`${base}/api/invoices/${id}`, { headers: { ...auth, ...fresh } });
    } else if (op === 'pdf') {
      response = await fetch(`${base}/api/invoices/${id}/pdf`, { headers: { ...auth, ...fresh } });
    } else {
      response = await fetch(`${base}/api/settings/quick-stats`, { headers: { ...auth, ...fresh } });
    }
    const body = op === 'pdf' ? Buffer.from(await response.arrayBuffer()) : await response.text();
    const ms = performance.now() - started;
    if (response.ok) {
      if (op === 'issue') {
        const answer = JSON.parse(body as string) as { invoice: { ID: string } };
        someone.invoices.push(answer.invoice.ID);
        someone.position = response.headers.get('x-remit-position') ?? someone.position;
      }
      return { op, ms, outcome: 'ok' };
    }
    const shed = response.status === 503 && String(body).includes('"overloaded"');
    return {
      op,
      ms,
      outcome: shed ? 'shed' : 'error',
      detail: `${response.status} ${String(body).slice(0, 200)}`,
    };
  } catch (error) {
    return { op, ms: performance.now() - started, outcome: 'error', detail: String(error) };
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

async function step(base: string, people: Person[], clients: number) {
  const samples: Sample[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const someone = people[i] as Person;
      while (performance.now() < until) {
        const sample = await once_(base, someone, i);
        samples.push(sample);
        // A shed request is tried again after a moment, as the web app does on Retry-After.
        if (sample.outcome === 'shed') await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const ok = samples.filter((sample) => sample.outcome === 'ok');
  const all = ok.map((sample) => sample.ms).sort((a, b) => a - b);
  const byOp = Object.fromEntries(
    MIX.map(([op]) => {
      const times = ok
        .filter((sample) => sample.op === op)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      return [
        op,
        `${times.length} p50 ${percentile(times, 50).toFixed(0)} p99 ${percentile(times, 99).toFixed(0)}`,
      ];
    }),
  );
  const errors = samples.filter((sample) => sample.outcome === 'error');
  const shed = samples.filter((sample) => sample.outcome === 'shed');
  const shedTimes = shed.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    clients,
    answeredPerSecond: (ok.length / elapsed).toFixed(1),
    p50: percentile(all, 50).toFixed(0),
    p99: percentile(all, 99).toFixed(0),
    max: (all.at(-1) ?? Number.NaN).toFixed(0),
    shed: shed.length,
    shedP99: percentile(shedTimes, 99).toFixed(0),
    errors: errors.length,
    firstErrors: [...new Set(errors.map((error) => `${error.op}: ${error.detail}`))].slice(0, 3),
    byOp,
  };
}

let current: Target | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await current?.stop();
    process.exit(130);
  });
}

async function run(name: TargetName) {
  const startedAt = performance.now();
  const target =
    name === 'cluster'
      ? await startCluster()
      : await startEmbedded(name !== 'pglite-open', name !== 'pglite-same-thread');
  current = target;
  console.log(`\n${name}: up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${target.base}`);
  try {
    const most = Math.max(...CLIENTS);
    const people: Person[] = [];
    // Set up a few at a time, so the embedded store is not flooded before the measuring starts.
    for (let i = 0; i < most; i += 8) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, most - i) }, (_, j) => person(target, i + j)),
        )),
      );
    }
    console.log(`${name}: ${people.length} people signed up, subscribed and signed in`);
    for (const clients of CLIENTS) {
      const result = await step(target.base, people, clients);
      console.log(`${name} ${JSON.stringify(result)}`);
    }
  } finally {
    current = undefined;
    await target.stop();
  }
}

for (const name of TARGETS) await run(name);
process.exit(0);
