import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/environment.mjs';

// Started by e2e/run.mjs, which passes the server's address and Debian's Chromium.
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One server and one outbox for all specs; the server also rate-limits sign-ups per IP.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  // A test that needs a second try is a bug to find, not to hide (issue 26).
  retries: 0,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
