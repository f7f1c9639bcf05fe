// What both screenshot scripts share: Debian's Chromium, a built app on a fresh server, the output
// folder, and a signed-in account made through the API and the outbox as a person would.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBuilt, findChromium, INSTALL_HINT, root, startServer } from './environment.mjs';

export async function startScreenshotSession() {
  const executablePath = findChromium();
  if (!executablePath) {
    console.error(`No Chromium found. Install it: ${INSTALL_HINT}`);
    process.exit(1);
  }
  const outDir = join(root, 'docs/screenshots');
  mkdirSync(outDir, { recursive: true });
  ensureBuilt();
  const server = await startServer();

  function findVerificationLink(email) {
    const outbox = join(server.dataDir, 'outbox');
    let files = [];
    try {
      files = readdirSync(outbox);
    } catch {
      return null;
    }
    for (const file of files.sort().reverse()) {
      const mail = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (!mail.includes(email)) continue;
      const match = mail.match(/https?:\/\/[^\s"'<>]+\/verify-email\?[^\s"'<>]+/);
      if (match) return new URL(match[0].replace(/&amp;/g, '&'));
    }
    return null;
  }

  /** Waits for the mail rather than for a fixed time: up to 15 s. */
  async function verificationLink(email) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const link = findVerificationLink(email);
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function createAccount() {
    const email = `ada-${randomUUID().slice(0, 6)}@example.com`;
    const post = (path, body) =>
      fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(body),
      });
    await post('/auth/signup', { name: 'Ada Lovelace', email, password: 'Analytical1843' });
    const link = await verificationLink(email);
    const verified = await post('/auth/verify-email', { email, token: link.searchParams.get('token') });
    const { token } = await verified.json();
    return { email, token };
  }

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return { server, outDir, browser, createAccount };
}
