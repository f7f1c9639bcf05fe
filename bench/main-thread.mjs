// `npm run bench:main-thread`: the main thread's work while /login, /signup and the dashboard with 15 invoices
// load, served by the one-process server as `npm start` runs it (`node services/app/dist/main.js`).
//
// Lighthouse's blocking time is wall time, so on this shared machine it moves several-fold with the load
// (benchmarks.md, bench-lighthouse). Chromium's trace also gives each task's thread time (`tdur`: CPU time on
// the main thread), which the load inflates far less. Per page, in a fresh context (cold cache, no service
// worker, a phone-sized window) until the screen shows its content and the network is idle: the main thread's
// CPU time, the longest task, and an estimated blocking time, Σ max(0, 4 · tdur − 50 ms) over the tasks after
// the first contentful paint (Lighthouse's 4× slower CPU applied to CPU time). `--runs N` (default 5) gives
// the median and the range; `--tasks` lists each task that would block, with what ran in it.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBuilt, findChromium, startServer } from '../e2e/support/environment.mjs';
import { seed } from './seed-invoices.mjs';

const runsIndex = process.argv.indexOf('--runs');
const runs = runsIndex === -1 ? 5 : Number(process.argv[runsIndex + 1]);
const listTasks = process.argv.includes('--tasks');
const SLOWDOWN = 4;
const BLOCKING_MS = 50;
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,loading';
const PARTS =
  /EvaluateScript|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|UpdateLayoutTree|Layout|Paint|v8\.evaluateModule|ParseHTML|FireAnimationFrame|MajorGC|MinorGC/;

/** Loads `path`, waits for `ready` and an idle network, and returns the renderer main thread's trace events. */
async function trace(browser, url, { ready, token }) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (chunk) => events.push(...chunk.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(url);
  await ready(page).waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
  const main = events.find(
    (event) => event.name === 'thread_name' && event.pid === fcp.pid && event.args?.name === 'CrRendererMain',
  );
  return {
    fcp: fcp.ts,
    events: events.filter((event) => event.pid === fcp.pid && event.tid === main?.tid && event.ph === 'X'),
  };
}

function measure({ fcp, events }) {
  const tasks = events.filter((event) => event.name === 'RunTask' && event.tdur);
  const blocking = (task) => Math.max(0, (SLOWDOWN * task.tdur) / 1000 - BLOCKING_MS);
  const late = tasks.filter((task) => task.ts >= fcp);
  if (listTasks) {
    for (const task of late.filter((one) => blocking(one) > 0)) {
      const parts = events.filter(
        (event) =>
          event !== task &&
          PARTS.test(event.name) &&
          event.ts >= task.ts &&
          event.ts < task.ts + task.dur &&
          event.tdur > 2000,
      );
      const named = parts.map((part) => {
        const url = part.args?.data?.url?.replace(/^.*\//, '');
        return `${part.name}${url ? ` ${url}` : ''} ${(part.tdur / 1000).toFixed(1)}`;
      });
      console.log(
        `    task ${(task.tdur / 1000).toFixed(1)} ms CPU at FCP+${((task.ts - fcp) / 1000).toFixed(0)} ms: ${named.join(' | ')}`,
      );
    }
  }
  return {
    cpu: tasks.reduce((total, task) => total + task.tdur, 0) / 1000,
    longest: Math.max(...tasks.map((task) => task.tdur)) / 1000,
    blocking: late.reduce((total, task) => total + blocking(task), 0),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const spread = (values) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH).');
ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const { token } = await seed(server.url, server.dataDir);
  const pages = [
    {
      name: 'login',
      path: '/login',
      ready: (page) => page.getByRole('link', { name: 'Sign in with email' }),
    },
    {
      name: 'signup',
      path: '/signup',
      ready: (page) => page.getByRole('button', { name: /sign up/i }).first(),
    },
    { name: 'dashboard', path: '/', token, ready: (page) => page.getByText('INV-015').first() },
  ];
  console.log(`${runs} loads each, median (range); ms of main-thread CPU time`);
  console.log('page        CPU             longest task    est. blocking (4× CPU)');
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      if (listTasks) console.log(`  ${page.name}, load ${run + 1}:`);
      results.push(measure(await trace(browser, `${server.url}${page.path}`, page)));
    }
    console.log(
      `${page.name.padEnd(10)}  ${spread(results.map((r) => r.cpu)).padEnd(14)}  ${spread(results.map((r) => r.longest)).padEnd(14)}  ${spread(results.map((r) => r.blocking))}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
