import { expect, test } from '@playwright/test';
import { createVerifiedAccount, useToken } from './helpers.js';

// Its service worker at work, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Counts the rows in the app's IndexedDB store, to know the offline cache has been written. */
function countCachedQueries() {
  return new Promise<number>((resolve) => {
    const open = indexedDB.open('remit');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('queries')) return resolve(0);
      const count = db.transaction('queries').objectStore('queries').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => resolve(0);
    };
  });
}

test('the app reloads offline from the service worker and shows the offline banner', async ({
  page,
  context,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();

  // The first visit installs the service worker; the next load is controlled by it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await expect.poll(() => page.evaluate(countCachedQueries)).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");

  // A deep link opens offline too (the navigation fallback), still signed in.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
});

test('the manifest makes the app installable with maskable icons', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    theme_color: string;
    icons: { src: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Remit',
    short_name: 'Remit',
    display: 'standalone',
    start_url: '/',
  });
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
});

test('the API is never answered with the app shell', async ({ request }) => {
  const response = await request.get('/api/no-such-route');
  expect(response.headers()['content-type']).toContain('application/json');
});
