// `npm run bench:start`: how long until /api/health answers, for `npm start` on a built, unchanged checkout
// against the server alone (`node services/app/dist/main.js`), both on a fresh DATA_DIR (issue 28, goal 3).
// Runs each `RUNS` times (default 5), alternating, and prints the medians, the ranges and their ratio.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 5);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function timeToHealthy(command, args) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'remit-bench-start-'));
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => (ms / 1000).toFixed(2);

const server = [];
const npmStart = [];
for (let run = 0; run < runs; run += 1) {
  server.push(
    await timeToHealthy(process.execPath, ['--max-semi-space-size=2', 'services/app/dist/main.js']),
  );
  npmStart.push(await timeToHealthy('npm', ['start']));
}
for (const [name, values] of [
  ['server alone', server],
  ['npm start', npmStart],
]) {
  console.log(
    `${name}: median ${seconds(median(values))} s (${seconds(Math.min(...values))}–${seconds(Math.max(...values))} s, ${runs} runs)`,
  );
}
console.log(`npm start / server alone: ${(median(npmStart) / median(server)).toFixed(2)}×`);
