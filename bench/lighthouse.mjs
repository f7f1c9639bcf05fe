// `npm run bench:lighthouse`: Lighthouse's mobile performance score and total blocking time on /login,
// /signup, the dashboard with 15 invoices (signed in) and the customer page of one of them, served by the
// one-process server as `npm start` runs it (`node services/app/dist/main.js`).
//
// Lighthouse's defaults for mobile: a Moto G Power sized screen, simulated slow 4G and a 4× slower CPU
// (Lantern's simulation on the trace Chromium records). Each run starts a fresh Chromium profile (cold
// cache, no service worker, no IndexedDB); the dashboard's token is put in localStorage on the origin
// before Lighthouse loads it, and Lighthouse keeps storage for every page so all four load alike.
// `--runs N` (default 5) runs each page N times and prints the median with the range; `--pages a,b`
// limits the pages (login, signup, dashboard, customer).
//
// Lighthouse 12.2.3: 13 wants Node 22 and this machine runs Node 20. The score's weights are the same in
// 12 and 13 (FCP 10, SI 10, LCP 25, TBT 30, CLS 25).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureBuilt, findChromium, startServer } from '../e2e/support/environment.mjs';
import { seed } from './seed-invoices.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = Number(argument('--runs', '5'));
const onlyPages = argument('--pages', 'login,signup,dashboard,customer').split(',');
/** One Lighthouse run in a fresh Chromium; `token` is set in localStorage on the origin first. */
async function audit(executablePath, baseUrl, path, token) {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (token) {
      await page.goto(`${baseUrl}/api/health`);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
    }
    const result = await lighthouse(
      `${baseUrl}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    await browser.disconnect();
    const { audits, categories } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
    return {
      score: Math.round(categories.performance.score * 100),
      tbt: audits['total-blocking-time'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      scripts: audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script'),
    };
  } finally {
    await chrome.kill();
  }
}

/** A run whose trace Chromium did not record (NO_NAVSTART, seen at load 40+) is run again, twice at most. */
async function auditAgain(executablePath, baseUrl, page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(executablePath, baseUrl, page.path, page.token);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${page.name}: ${error.message}; again`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const spread = (values, digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH).');
ensureBuilt();
const server = await startServer();
try {
  const { token, customerPath } = await seed(server.url, server.dataDir);
  const pages = [
    { name: 'login', path: '/login' },
    { name: 'signup', path: '/signup' },
    { name: 'dashboard', path: '/', token },
    { name: 'customer', path: customerPath },
  ].filter((page) => onlyPages.includes(page.name));
  console.log(`Lighthouse 12.2.3, mobile, ${runs} runs each: median (range)`);
  console.log(
    'page        score        TBT ms           FCP ms              LCP ms              CLS     scripts (KiB sent)',
  );
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await auditAgain(executablePath, server.url, page));
    const scripts = results.at(-1).scripts;
    const scriptKiB = scripts.reduce((total, item) => total + item.transferSize, 0) / 1024;
    console.log(
      `${page.name.padEnd(10)}  ${spread(results.map((r) => r.score)).padEnd(11)}  ${spread(results.map((r) => r.tbt)).padEnd(15)}  ${spread(results.map((r) => r.fcp)).padEnd(18)}  ${spread(results.map((r) => r.lcp)).padEnd(18)}  ${spread(
        results.map((r) => r.cls),
        3,
      ).padEnd(6)}  ${scripts.length} (${scriptKiB.toFixed(1)})`,
    );
  }
} finally {
  await server.stop();
}
