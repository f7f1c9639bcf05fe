// `npm run bench:first-screen`: the JavaScript bytes the first screen of /login and of / transfers from
// the one-process server (`node services/app/dist/main.js`, as `npm start` runs it), measured in Chromium
// as transferred on the wire (compressed size plus headers), with a cold cache and no service worker.
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBuilt, findChromium, startServer } from '../e2e/support/environment.mjs';

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

/** Loads `path` in a fresh context and sums what its JavaScript responses transferred. */
async function measure(browser, baseUrl, path, token) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map();
  let transferred = 0;
  let decoded = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (scripts.has(event.requestId)) decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) transferred += event.encodedDataLength;
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  const landed = new URL(page.url()).pathname;
  if (landed !== path) throw new Error(`${path} ended on ${landed}`);
  await context.close();
  return { path, files: scripts.size, transferredKiB: transferred / 1024, rawKiB: decoded / 1024 };
}

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH).');
ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const token = await signUp(server.url, server.dataDir);
  const rows = [await measure(browser, server.url, '/login'), await measure(browser, server.url, '/', token)];
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(7)} ${row.files} JS files, ${row.transferredKiB.toFixed(1)} KiB transferred, ${row.rawKiB.toFixed(1)} KiB uncompressed`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
