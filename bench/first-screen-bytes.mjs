// `npm run bench:first-screen`: the JavaScript the first screen of /login (signed out) and of / (the
// dashboard, signed in) makes the browser fetch, served by the one-process server
// (`node services/app/dist/main.js`, as `npm start` runs it).
//
// Measured in Chromium with a cold cache and no service worker, from the navigation until the screen
// shows its content (a named element) and the network has been idle for 500 ms: every script response
// counts, the entry, its modulepreloads and every chunk loaded lazily while the first screen renders.
// Each route is loaded twice: once as the browser asks (brotli, which the server prefers) and once
// asking for gzip only, the figure the goal (≤ 150 KB gzip) is stated in. "body" is the compressed
// body; "wire" adds the response headers. `--files` lists every script with its sizes.
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBuilt, findChromium, startServer } from '../e2e/support/environment.mjs';

const listFiles = process.argv.includes('--files');

async function signUp(url, dataDir) {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { 'Content-Type': 'application/json' };
  const post = (path, body) =>
    fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(body),
    });
  const signUpAnswer = await post('/auth/signup', { name: 'Grace Hopper', email, password: 'Compiler1952' });
  if (signUpAnswer.status !== 201) throw new Error(`sign-up answered ${signUpAnswer.status}`);
  let token;
  for (let attempt = 0; attempt < 100 && !token; attempt += 1) {
    const outbox = join(dataDir, 'outbox');
    let files = [];
    try {
      files = readdirSync(outbox);
    } catch {}
    for (const file of files) {
      const mail = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!mail.includes(email)) continue;
      token = mail.match(/verify-email\?[^\s"'<>]*token=([A-Za-z0-9_-]+)/)?.[1];
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const verified = await post('/auth/verify-email', { email, token });
  const answer = await verified.json();
  return answer?.token;
}

/**
 * Loads `path` in a fresh context (cold cache, service workers blocked), waits for `ready` (a locator
 * of what the screen shows) and for the network to be idle, and returns every script response.
 */
async function measure(browser, baseUrl, { path, token, ready, words }, encoding) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...(encoding === 'gzip' ? { extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } } : {}),
  });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  // The moment the screen's words are in the page, on the page's own clock (a mutation observer, not
  // polling from here): scripts the page asked for before it are its first screen; the ones asked for
  // after it (work deferred until the screen is drawn) are counted apart, until the network is idle.
  await context.addInitScript((words) => {
    const check = () => {
      const text = document.body?.textContent ?? '';
      if (window.__shownAt === undefined && words.every((word) => text.includes(word))) {
        window.__shownAt = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, words);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    scripts.set(event.requestId, {
      url: new URL(event.response.url).pathname,
      encoding:
        event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'none',
      headerBytes: event.response.encodedDataLength,
      raw: 0,
      wire: 0,
      done: false,
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.raw += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (!script) return;
    script.wire = event.encodedDataLength;
    script.done = true;
  });
  await page.goto(`${baseUrl}${path}`);
  await ready(page).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const { shownAt, starts } = await page.evaluate(() => ({
    shownAt: window.__shownAt,
    starts: performance
      .getEntriesByType('resource')
      .map((entry) => [new URL(entry.name).pathname, entry.startTime]),
  }));
  if (shownAt === undefined) throw new Error(`${path}: the screen's words were never seen`);
  const askedAt = new Map(starts);
  const landed = new URL(page.url()).pathname;
  if (landed !== path) throw new Error(`${path} ended on ${landed}`);
  await context.close();
  const files = [...scripts.values()];
  const unfinished = files.filter((file) => !file.done);
  if (unfinished.length > 0) throw new Error(`${path}: unfinished ${unfinished.map((file) => file.url)}`);
  // Files under 512 bytes are not precompressed (web/scripts/precompress.mjs) and come as they are.
  const wrong = files.filter(
    (file) =>
      file.encoding !== (encoding === 'gzip' ? 'gzip' : 'br') &&
      !(file.encoding === 'none' && file.raw < 512),
  );
  if (wrong.length > 0)
    throw new Error(`${path} (${encoding}): served as ${wrong.map((f) => `${f.url} ${f.encoding}`)}`);
  for (const file of files) {
    file.body = file.wire - file.headerBytes;
    const at = askedAt.get(file.url);
    if (at === undefined) throw new Error(`${path}: no resource timing for ${file.url}`);
    file.beforeShown = at < shownAt;
  }
  const first = files.filter((file) => file.beforeShown);
  const later = files.filter((file) => !file.beforeShown);
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0) / 1024;
  return {
    files: first,
    later,
    body: sum(first, 'body'),
    wire: sum(first, 'wire'),
    raw: sum(first, 'raw'),
    laterBody: sum(later, 'body'),
  };
}

const screens = [
  {
    path: '/login',
    words: ['Sign in with email'],
    ready: (page) => page.getByRole('link', { name: 'Sign in with email' }),
  },
  // The dashboard is shown when its list has settled: a new account's empty state under the heading.
  {
    path: '/',
    words: ['Welcome, Grace', 'No Invoices Found'],
    ready: (page) =>
      page
        .getByRole('heading', { name: 'Welcome, Grace' })
        .locator('xpath=/ancestor::*[.//*[text()="No Invoices Found"]][1]'),
  },
];

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH).');
ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const token = await signUp(server.url, server.dataDir);
  screens[1].token = token;
  console.log(
    'route   files  gzip body  gzip wire  brotli body  brotli wire  uncompressed  | later: files  gzip body   (KiB)',
  );
  const kib = (value, width) => value.toFixed(1).padStart(width);
  for (const screen of screens) {
    const gzip = await measure(browser, server.url, screen, 'gzip');
    const brotli = await measure(browser, server.url, screen, 'br');
    console.log(
      `${screen.path.padEnd(7)} ${String(gzip.files.length).padStart(5)}  ${kib(gzip.body, 9)}  ${kib(gzip.wire, 9)}  ${kib(
        brotli.body,
        11,
      )}  ${kib(brotli.wire, 11)}  ${kib(gzip.raw, 12)}  | ${String(gzip.later.length).padStart(12)}  ${kib(gzip.laterBody, 9)}`,
    );
    if (listFiles) {
      for (const [label, list] of [
        ['', gzip.files],
        ['later ', gzip.later],
      ]) {
        for (const file of [...list].sort((a, b) => b.body - a.body)) {
          console.log(
            `    ${label.padEnd(6)}${(file.body / 1024).toFixed(1).padStart(6)} gzip ${(file.raw / 1024).toFixed(1).padStart(7)} raw  ${file.url}`,
          );
        }
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
