import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { freePort, root } from '../support/environment.mjs';
import { newAccount } from './helpers.js';

/**
 * The production shape in a browser: `scripts/cluster.mjs` (Caddy in front of two command, two query
 * and two projector processes on PostgreSQL, built as `npm run start:cluster` runs them), and a person
 * who signs up, verifies, creates an invoice with the wizard, sees it on the dashboard (read through
 * whichever query replica Caddy picks, the page after a write carrying its position) and downloads its
 * PDF — all through Caddy. Needs PostgreSQL (TEST_DATABASE_URL, which CI sets) and Debian's caddy.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl && process.env.CI) {
  throw new Error('The cluster browser test needs TEST_DATABASE_URL (PostgreSQL); CI never skips it.');
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The verification link mailed to `email`, from the cluster's outbox. */
async function verificationPath(dataDir: string, email: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const outbox = join(dataDir, 'outbox');
        let files: string[] = [];
        try {
          files = readdirSync(outbox);
        } catch {
          return '';
        }
        for (const file of files) {
          const mail = readFileSync(join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          if (!mail.includes(email)) continue;
          const link = /https?:\/\/[^\s"'<>]+\/verify-email\?[^\s"'<>]+/.exec(mail)?.[0];
          if (link) {
            const url = new URL(link.replace(/&amp;/g, '&'));
            found = `${url.pathname}${url.search}`;
          }
        }
        return found;
      },
      { message: `a verification mail to ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return found;
}

async function createInvoice(page: Page, proxy: string, number: string) {
  await page.goto(`${proxy}/invoice/create`);
  await expect(page.getByRole('heading', { name: 'Create Invoice' })).toBeVisible();
  await page.getByLabel('Your email').fill('grace@example.com');
  await page.getByLabel('Company name', { exact: true }).fill('Hopper Consulting');
  await page.getByLabel('Street and number', { exact: true }).fill('1 Navy Yard');
  await page.getByLabel('City', { exact: true }).fill('Arlington');
  await page.getByLabel('Customer name').fill('Charles Babbage');
  await page.getByLabel('Customer email').fill('charles@example.com');
  await page.getByLabel('Customer company name').fill('Difference Engines');
  await page.getByLabel('Customer street and number').fill('1 Dorset Street');
  await page.getByLabel('Customer city').fill('London');
  await page.getByLabel('Invoice number').fill(number);
  await page.getByLabel('Description').fill('Cluster design review');
  await page.getByLabel('Unit price').fill('1200');
  await expect(page.getByLabel('Totals')).toContainText('$1,200.00');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Use Classic' }).click();
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
  // Not subscribed: the plans overlay opens; closing it shows the dashboard.
  const plans = page.getByRole('dialog', { name: /choose a plan/ });
  await expect(plans).toBeVisible({ timeout: 20_000 });
  await plans.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(`${proxy}/`);
}

/** Sign up, verify, create an invoice, see it on the dashboard through both query replicas, get its PDF. */
async function journey(page: Page, proxy: string, dataDir: string) {
  const account = newAccount('cluster');
  await page.goto(`${proxy}/signup`);
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto(`${proxy}${await verificationPath(dataDir, account.email)}`);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();

  await createInvoice(page, proxy, 'CLU-001');
  const first = page.getByTestId('invoice').first();
  await expect(first).toContainText('CLU-001');
  await expect(first).toContainText('$1,200.00');

  // Each reload lists through the next query replica (Caddy's round robin): both have it.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(page.getByTestId('invoice').first()).toContainText('CLU-001');
  }

  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: 'Download invoice CLU-001' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-[0-9a-f-]+\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}

// Like the PostgreSQL suites of `vitest`, it runs where PostgreSQL is (always in CI).
if (databaseUrl) {
  test.describe('the cluster through Caddy', () => {
    const databaseName = `remit_e2e_cluster_${randomBytes(4).toString('hex')}`;
    let cluster: ChildProcess | undefined;
    let dataDir = '';
    let proxy = '';
    // The services' and Caddy's logs, shown only when something fails.
    const clusterLog: string[] = [];

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      await admin(`create database ${databaseName}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${databaseName}`;
      dataDir = mkdtempSync(join(tmpdir(), 'remit-e2e-cluster-'));
      const proxyPort = await freePort();
      const child = spawn(process.execPath, [join(root, 'scripts', 'cluster.mjs')], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          PROXY_PORT: String(proxyPort),
          BASE_PORT: String(await freePort()),
          APP_URL: `http://127.0.0.1:${proxyPort}`,
          LOG_LEVEL: 'warn',
          PDF_WORKERS: '1',
          READ_YOUR_WRITES_WAIT_MS: '15000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cluster = child;
      child.stderr.on('data', (chunk: Buffer) => {
        clusterLog.push(chunk.toString());
        if (clusterLog.length > 300) clusterLog.shift();
      });
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('cluster ready')) resolve();
        });
        child.once('exit', (code) =>
          reject(new Error(`the cluster script exited (${code}): ${clusterLog.join('').slice(-5_000)}`)),
        );
      });
      proxy = /cluster ready (\S+)/.exec(output)?.[1] as string;
    });

    test.afterAll(async () => {
      test.setTimeout(60_000);
      if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
        cluster.kill('SIGTERM');
        await once(cluster, 'exit');
      }
      await admin(`drop database if exists ${databaseName} with (force)`);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('sign up, create an invoice, see it on the dashboard and download its PDF', async ({ page }) => {
      test.setTimeout(120_000);
      try {
        await journey(page, proxy, dataDir);
      } catch (error) {
        console.error(clusterLog.join('').slice(-20_000));
        throw error;
      }
    });
  });
}
