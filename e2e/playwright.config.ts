import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/environment.mjs';
import { workerServer } from './support/worker-server.mjs';

// Started by e2e/run.mjs, which passes one server per worker (E2E_SERVERS) and Debian's Chromium.
const servers: unknown[] = process.env.E2E_SERVERS ? JSON.parse(process.env.E2E_SERVERS) : [null];
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A worker per server: each has its own outbox and its own sign-up limits per IP. A spec file runs whole in
  // one worker, its tests in order (some share an account or a cluster in beforeAll).
  workers: servers.length,
  fullyParallel: false,
  forbidOnly: true,
  // A test that needs a second try is a bug to find, not to hide (issue 26).
  retries: 0,
  // results.json lets e2e/run.mjs end its output with the failures, after the servers' logs (a CI log shows
  // only its tail).
  reporter: [
    ['list'],
    ...(process.env.CI ? [['github'] as const] : []),
    ['json', { outputFile: '../test-results/e2e-results.json' }],
  ],
  use: {
    // Evaluated in each worker process, whose TEST_PARALLEL_INDEX picks its server.
    baseURL: workerServer().url,
    headless: true,
    // The app's service worker precaches all 143 files of the build in every new context, a few MB through the
    // browser's network stack and Cache Storage for tests that never go offline. The specs about offline work
    // and the service worker itself say `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    // A failed test keeps its trace (actions, network, console, DOM snapshots) without the screencast's frames,
    // which every passing test paid for in CPU (D-481); its last screen is the screenshot below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
