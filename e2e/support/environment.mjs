// Shared by e2e/run.mjs, the Playwright config and the screenshot scripts: find Chromium, build what is missing, start the
// all-in-one server on a free port with a throw-away DATA_DIR, and stop it again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteTemplates } from '../../scripts/test-templates.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const INSTALL_HINT = 'apt-get update && apt-get install -y chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds the server when its entry point is missing and the web app when its sources are newer. */
export function ensureBuilt() {
  const serverEntry = join(root, 'services/app/dist/main.js');
  if (!existsSync(serverEntry) || process.env.E2E_REBUILD) run('npx', ['tsc', '-b']);
  const webIndex = join(root, 'web/dist/index.html');
  const webSources = Math.max(newestChange(join(root, 'web/src')), newestChange(join(root, 'contracts/src')));
  if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources || process.env.E2E_REBUILD) {
    run('npm', ['run', 'build', '-w', 'web']);
  }
}

/** `count` distinct free ports on 127.0.0.1: each is held until all are found, so no two are the same. */
export async function freePorts(count) {
  const held = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      server.unref();
      await new Promise((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      held.push(server);
    }
    return held.map((server) => server.address().port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** A server log line worth reading after the run: level warn or above, or a refused auth check. */
function isNotable(line) {
  try {
    const entry = JSON.parse(line);
    if (entry.level >= 40) return true;
    return typeof entry.url === 'string' && entry.url.startsWith('/api/auth/status') && entry.status !== 200;
  } catch {
    return line.trim() !== '';
  }
}

let template;

/**
 * The tar of a migrated, empty data folder for the embedded store (the template the Vitest suites start their
 * databases from), made once per run when the temp directory does not hold it yet.
 */
function migratedDataDir() {
  template ??= pgliteTemplates();
  return template;
}

/**
 * Starts `node services/app/dist/main.js` (or E2E_SERVER_COMMAND, e.g. a stub) on `port` (or a free one)
 * and waits until it is healthy. The app's DATA_DIR/db is unpacked from the migrated template, so a start
 * runs neither initdb (a child process of ~700 MB) nor the migrations, and two servers starting at once
 * do not do it twice; the start still applies any migration the folder misses, as it would on a user's.
 */
export async function startServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'remit-e2e-'));
  if (!process.env.E2E_SERVER_COMMAND) {
    mkdirSync(join(dataDir, 'db'));
    const unpacked = spawnSync('tar', ['-x', '-f', migratedDataDir(), '-C', join(dataDir, 'db')]);
    if (unpacked.status !== 0) throw new Error(`unpacking the data folder failed: ${unpacked.stderr}`);
  }
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, ...args] = (process.env.E2E_SERVER_COMMAND ?? 'node services/app/dist/main.js').split(' ');
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      // Every browser test signs up from 127.0.0.1.
      SIGNUP_LIMIT_PER_IP_HOUR: '1000',
      VERIFY_LIMIT_PER_IP_15MIN: '1000',
      // Every sign-up and sign-in hashes a password: at the default cost (2^16) that is over a second of CPU
      // each on a busy 2-core machine, for nothing a browser test checks. The HTTP harness uses the same 10.
      PASSWORD_HASH_COST: '10',
      // The time process (overdue, reminders) every 2 s, so a browser test sees it act.
      REMINDER_TICK_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  // Warnings, errors and refused session checks, kept for the whole run: a test that failed once and
  // passed on retry leaves its server-side cause here (printed by e2e/run.mjs).
  const notable = [];
  let partial = '';
  const keep = (chunk) => {
    const text = chunk.toString();
    log.push(text);
    if (log.length > 200) log.shift();
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (notable.length < 200 && isNotable(line)) notable.push(line);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForHealth(url, child, 300_000);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    console.error(log.join(''));
    throw error;
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([
        new Promise((resolve) => child.once('exit', resolve)),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, stop, log, notable };
}
