// `npm run bench:start-memory`: the one-process server's resident memory (RSS, its threads included) on a first
// start with a fresh DATA_DIR and on a restart of the same folder: when healthy, after 30 s idle, and the peak
// (issue 28, goal 2). Linux only (reads /proc).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const idleMs = Number(process.env.IDLE_MS ?? 30_000);
const port = Number(process.env.PORT ?? 3917);

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN);
const mb = (value) => `${Math.round(value / 1024)} MB`;

async function run(dataDir, label) {
  const child = spawn(process.execPath, ['services/app/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const started = performance.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const healthy = performance.now() - started;
    const atHealthy = kb(status(child.pid), 'VmRSS');
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idle = status(child.pid);
    console.log(
      `${label}: healthy after ${(healthy / 1000).toFixed(1)} s at ${mb(atHealthy)}; after ${idleMs / 1000} s idle ${mb(kb(idle, 'VmRSS'))}; peak ${mb(kb(idle, 'VmHWM'))}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'remit-bench-memory-'));
try {
  await run(dataDir, 'first start (fresh DATA_DIR)');
  await run(dataDir, 'restart (same DATA_DIR)');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
