// `npm run test:e2e`: builds what is missing, starts one server per Playwright worker (each on a free port
// with a temporary DATA_DIR), runs the Playwright specs in Debian's Chromium, and stops the servers.
//   E2E_WORKERS=n   workers and servers (default 2; never more than the spec files named on the command line)
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureBuilt,
  findChromium,
  freePorts,
  INSTALL_HINT,
  root,
  startServer,
} from './support/environment.mjs';

const chromium = findChromium();
if (!chromium) {
  if (process.env.CI) {
    console.error(`Browser tests need Chromium, and CI never skips them. Install it: ${INSTALL_HINT}`);
    process.exit(1);
  }
  console.log(
    `Browser tests skipped: no Chromium found (CHROMIUM_PATH, /usr/bin/chromium). Install it: ${INSTALL_HINT}`,
  );
  process.exit(0);
}

/** Workers to run: E2E_WORKERS or 2, and no more than the spec files when only files are named. */
function workerCount(args) {
  const wanted = Number(process.env.E2E_WORKERS ?? 2);
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`E2E_WORKERS must be a whole number ≥ 1`);
  const files = new Set(args.map((arg) => arg.replace(/(:\d+)+$/, '')));
  const onlyFiles = args.length > 0 && [...files].every((file) => file.endsWith('.spec.ts'));
  return onlyFiles ? Math.min(wanted, files.size) : wanted;
}

const args = process.argv.slice(2);
const workers = workerCount(args);
ensureBuilt();
const started = await Promise.allSettled((await freePorts(workers)).map((port) => startServer(port)));
const servers = started.filter((result) => result.status === 'fulfilled').map((result) => result.value);
if (servers.length < workers) {
  await Promise.all(servers.map((server) => server.stop()));
  throw started.find((result) => result.status === 'rejected').reason;
}
servers.forEach((server, index) => {
  console.log(`Server ${index} on ${server.url} (DATA_DIR ${server.dataDir}) for worker ${index}`);
});

const resultsFile = join(root, 'test-results/e2e-results.json');
rmSync(resultsFile, { force: true });

/** Specs that failed, each with the start of its error, from Playwright's JSON report (empty when none). */
function failureSummary() {
  let report;
  try {
    report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return ['(no JSON report: Playwright stopped before writing one)'];
  }
  const lines = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        lines.push(`✘ ${spec.file}:${spec.line} ${[...titles, spec.title].join(' › ')} (${last.status})`);
        const message = last.error?.message ?? last.errors?.[0]?.message ?? '';
        const plain = message.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
        lines.push(
          ...plain
            .split('\n')
            .slice(0, 12)
            .map((line) => `    ${line}`),
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) lines.push(`✘ ${String(error.message ?? '').split('\n')[0]}`);
  return lines;
}

let code = 1;
try {
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', ...args],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_SERVERS: JSON.stringify(servers.map(({ url, dataDir }) => ({ url, dataDir }))),
          CHROMIUM_PATH: chromium,
        },
      },
    );
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  servers.forEach((server, index) => {
    if (code !== 0) console.error(`Server ${index} log (last lines):\n${server.log.slice(-20).join('')}`);
    if (server.notable.length > 0) {
      console.log(
        `Server ${index}: warnings and refused session checks (${server.notable.length}, first 40):`,
      );
      console.log(server.notable.slice(0, 40).join('\n'));
    }
  });
  if (code !== 0) console.error(`\nBrowser tests failed (exit ${code}):\n${failureSummary().join('\n')}`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit(code);
