// `npm run bench:idle-cpu [main.js …]`: the CPU an idle all-in-one server spends (issue 33), read from
// /proc/{pid}/stat: each server given (default: this checkout's services/app/dist/main.js) starts on a fresh
// DATA_DIR (PGlite), settles for SETTLE_S seconds after /api/health answers, then its user+system CPU time is
// sampled over MEASURE_S seconds, RUNS times, alternating between the servers. REMINDER_TICK_MS is passed through
// (the scheduler's tick; 60 s by default). Prints % of one core per run, and the median and range.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const servers =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : [join(root, 'services/app/dist/main.js')];
const runs = Number(process.env.RUNS ?? 3);
const settleS = Number(process.env.SETTLE_S ?? 20);
const measureS = Number(process.env.MEASURE_S ?? 60);
const TICKS_PER_S = 100;

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** user + system CPU seconds of the process and its children that were waited for. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields after the command: state is [0]; utime [11], stime [12], cutime [13], cstime [14].
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_S;
}

async function idleCpu(server) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'remit-bench-idle-'));
  const child = spawn(process.execPath, [server], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${server} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, settleS * 1000));
    const before = cpuSeconds(child.pid);
    const at = performance.now();
    await new Promise((resolve) => setTimeout(resolve, measureS * 1000));
    const used = cpuSeconds(child.pid) - before;
    return (100 * used) / ((performance.now() - at) / 1000);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const results = new Map(servers.map((server) => [server, []]));
for (let run = 0; run < runs; run++) {
  for (const server of servers) {
    const percent = await idleCpu(server);
    results.get(server).push(percent);
    console.log(`${server}: run ${run + 1}: ${percent.toFixed(2)} % of a core`);
  }
}
for (const [server, values] of results) {
  console.log(
    `SUMMARY ${server} (REMINDER_TICK_MS=${process.env.REMINDER_TICK_MS ?? 'default'}): idle CPU median ${median(values).toFixed(2)} % (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)} %) of a core over ${measureS} s, ${runs} run(s)`,
  );
}
