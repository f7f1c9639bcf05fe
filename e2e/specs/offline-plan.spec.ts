import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  cachedQueryHashes,
  createVerifiedAccount,
  seedInvoice,
  subscribeViaSandbox,
  useToken,
} from './helpers.js';

// Its service worker at work, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Screens here load from a cold cache or wait for a server that does not answer: on a busy machine
// that takes longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A Pro subscriber who has opened the dashboard and the profile once online: the service worker
 * controls the page and the answers a cold start needs (session, subscription, profile) are cached.
 */
async function primeSubscriber(page: Page, request: Parameters<typeof createVerifiedAccount>[0]) {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'PLAN-001');
  await subscribeViaSandbox(request, token);
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByText('Pro plan')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByText('Pro plan')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('recent-invoice')).toHaveCount(1);
  await expect(page.getByTestId('upgrade-gate')).toHaveCount(0);
  // What a cold start decides the plan from must be on the device before the network goes.
  await expect
    .poll(async () => (await cachedQueryHashes(page)).filter((hash) => /subscribed|recent/.test(hash)))
    .toHaveLength(2);
  return token;
}

/** The dashboard and the profile as a subscriber sees them, from this device's cache. */
async function expectProEverywhere(page: Page) {
  await expect(page.getByText('Pro plan')).toBeVisible();
  await expect(page.getByText('Free plan')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByTestId('recent-invoice')).toHaveCount(1);
  await expect(page.getByTestId('upgrade-gate')).toHaveCount(0);
}

test.use({ viewport: { width: 1280, height: 900 } });
// A busy machine loads the app's chunks slowly on the first visit.
test.describe.configure({ timeout: 300_000 });

test('a subscriber starting cold offline sees the Pro plan and unlocked profile blocks', async ({
  page,
  context,
  request,
}) => {
  const token = await primeSubscriber(page, request);
  await page.goto('/');
  await expect(page.getByText('Pro plan')).toBeVisible();

  await context.setOffline(true);
  // A cold start: a new tab, nothing in memory, only what the device kept.
  const cold = await context.newPage();
  await page.close();
  await cold.goto('/');
  await expect(cold.getByRole('heading', { name: /Welcome, Grace/ })).toBeVisible();
  await expect(cold.getByTestId('offline-banner')).toContainText("You're offline.");
  await expectProEverywhere(cold);
  expect(await cold.evaluate(() => localStorage.getItem('token'))).toBe(token);
});

for (const [name, answer] of [
  ['unreachable (connection refused)', 'abort'],
  ['answering 503', 503],
] as const) {
  test(`a subscriber whose server is ${name} keeps the Pro plan and is told the server cannot be reached`, async ({
    page,
    context,
    request,
  }) => {
    const token = await primeSubscriber(page, request);
    await context.route('**/api/**', (route) =>
      answer === 'abort'
        ? route.abort('connectionrefused')
        : route.fulfill({
            status: 503,
            contentType: 'application/json',
            headers: { 'Retry-After': '1' },
            body: JSON.stringify({ error: 'The service is starting. Please try again in a moment.' }),
          }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome, Grace/ })).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText("Can't reach the server.");
    await expect(banner).not.toContainText("You're offline.");
    await expectProEverywhere(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

    // The server answers again: the next call that reaches it takes the banner away.
    await context.unroute('**/api/**');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(banner).toHaveCount(0);
  });
}
