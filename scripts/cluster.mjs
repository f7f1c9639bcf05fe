#!/usr/bin/env node
// The production topology on one machine, as plain processes (docker-compose.yml's shape, in step with
// it: the same environment, the same routing through infra/Caddyfile, a restart policy): Caddy in
// front, two command, two query and two projector instances, all on one PostgreSQL.
//
//   DATABASE_URL=postgres://… npm run start:cluster          (built: services/*/dist, web/dist)
//   node scripts/cluster.mjs --source                        (from the TypeScript sources, for tests)
//
// Settings: DATABASE_URL (required), PROXY_PORT (8080), BASE_PORT (3100: services on 3101…3106),
// DATA_DIR (./data: the mail outbox and logos, shared by the replicas), JWT_SECRET (one for all; a
// random one per run when unset), APP_URL, LOG_LEVEL. Prints `cluster ready <url>` and then
// `Remit is running at <APP_URL>` once every service answers its health check through the proxy's view;
// SIGTERM/SIGINT stop everything.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const fromSource = process.argv.includes('--source');
const env = process.env;
if (!env.DATABASE_URL) {
  console.error('DATABASE_URL must name the PostgreSQL database the cluster runs on');
  process.exit(1);
}
const proxyPort = Number(env.PROXY_PORT ?? 8080);
const basePort = Number(env.BASE_PORT ?? 3100);
const dataDir = resolve(env.DATA_DIR ?? 'data');
mkdirSync(dataDir, { recursive: true });

/** docker-compose.yml's `common` environment, for every service. */
const common = {
  DATABASE_URL: env.DATABASE_URL,
  JWT_SECRET: env.JWT_SECRET ?? randomBytes(32).toString('hex'),
  APP_URL: env.APP_URL ?? `http://localhost:${proxyPort}`,
  // Every request comes through the one Caddy in front: its X-Forwarded-For names the client.
  TRUST_PROXY: '1',
  REDIS_URL: env.REDIS_URL ?? '',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: env.LOG_LEVEL ?? 'info',
  // off: self-hosting without a paywall (docs/operations.md); every process must agree.
  BILLING: env.BILLING ?? 'on',
};
const only = (names) =>
  Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]]));
const services = [
  // The leader's time process mails reminders and owner notifications.
  ['projector', 1, only(['SMTP_URL', 'MAIL_FROM', 'REMINDER_TICK_MS'])],
  ['projector', 2, null],
  [
    'command',
    1,
    only([
      'SMTP_URL',
      'MAIL_FROM',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_PER_INVOICE',
      'STRIPE_PRICE_PRO_MONTHLY',
      'STRIPE_PRICE_PRO_YEARLY',
      // Tuning a run may need (benchmarks sign many people up from one address).
      'PASSWORD_HASH_COST',
      'SIGNUP_LIMIT_PER_IP_HOUR',
      'VERIFY_LIMIT_PER_IP_15MIN',
    ]),
  ],
  ['command', 2, null],
  [
    'query',
    1,
    { ...only(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'PDF_WORKERS', 'READ_YOUR_WRITES_WAIT_MS']) },
  ],
  ['query', 2, null],
].map(([name, replica, extra], index, all) => ({
  name,
  replica,
  port: basePort + index + 1,
  env: extra ?? all[index - 1][2],
}));
const portsOf = (name) =>
  services
    .filter((service) => service.name === name)
    .map((service) => `127.0.0.1:${service.port}`)
    .join(' ');

const tsx = fromSource ? pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href : undefined;
const entry = (name) =>
  fromSource
    ? ['--conditions=source', '--import', tsx, join(root, 'services', name, 'src', 'main.ts')]
    : [join(root, 'services', name, 'dist', 'main.js')];

const caddyHome = mkdtempSync(join(tmpdir(), 'remit-caddy-'));
const processes = [
  ...services.map((service) => ({
    label: `${service.name}-${service.replica}`,
    command: process.execPath,
    args: entry(service.name),
    env: { ...common, ...service.env, PORT: String(service.port) },
  })),
  {
    label: 'caddy',
    command: env.CADDY ?? 'caddy',
    args: ['run', '--adapter', 'caddyfile', '--config', join(root, 'infra', 'Caddyfile')],
    env: {
      REMIT_PROXY_PORT: String(proxyPort),
      REMIT_COMMAND_UPSTREAMS: portsOf('command'),
      REMIT_QUERY_UPSTREAMS: portsOf('query'),
      REMIT_WEB_ROOT: join(root, 'web', 'dist'),
      // Caddy keeps its state under XDG dirs; a run of its own leaves the user's alone.
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
    },
  },
];

let stopping = false;
const RESTART_DELAY_MS = 1_000;

/** `restart: unless-stopped`: a process that exits is started again a second later. */
function run(spec) {
  const child = spawn(spec.command, spec.args, {
    cwd: root,
    env: { PATH: env.PATH, HOME: env.HOME, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spec.child = child;
  // Operators (and the fault tests) can tell which process is which replica, across restarts.
  console.log(`[cluster] ${spec.label} started (pid ${child.pid})`);
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${spec.label}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[cluster] ${spec.label} exited (${signal ?? code}); restarting in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => run(spec), RESTART_DELAY_MS);
  });
}

async function answers(port, path = '/api/health') {
  try {
    return (await fetch(`http://127.0.0.1:${port}${path}`)).ok;
  } catch {
    return false;
  }
}

for (const spec of processes) run(spec);
// Ready once every service answers, and the proxy reaches both sides: its active health checks may have
// left a replica out that was not listening yet when Caddy started (reads go to the query service,
// billing's plans to the command service).
for (;;) {
  const states = await Promise.all([
    ...services.map((service) => answers(service.port)),
    answers(proxyPort),
    answers(proxyPort, '/api/billing/plans'),
  ]);
  if (states.every(Boolean)) break;
  await new Promise((done) => setTimeout(done, 250));
}
console.log(
  `cluster ready http://127.0.0.1:${proxyPort} ${JSON.stringify(
    Object.fromEntries(services.map((service) => [`${service.name}-${service.replica}`, service.port])),
  )}`,
);
// For the person who started it: the proxy's address, the one to open in a browser.
console.log(`Remit is running at ${common.APP_URL} (through Caddy on port ${proxyPort})`);

async function stop() {
  if (stopping) return;
  stopping = true;
  const exits = processes.map(
    (spec) =>
      new Promise((done) => {
        if (!spec.child || spec.child.exitCode !== null || spec.child.signalCode !== null) return done();
        spec.child.once('exit', done);
        spec.child.kill('SIGTERM');
      }),
  );
  const force = setTimeout(() => {
    for (const spec of processes) spec.child?.kill('SIGKILL');
  }, 10_000);
  await Promise.all(exits);
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
