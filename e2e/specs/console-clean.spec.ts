import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, seedInvoice, useToken } from './helpers.js';

// The console as a user's browser has it, service worker included (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Collects console errors, uncaught errors and CSP reports (Chromium logs those as console errors). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

const PUBLIC_ROUTES = ['/login', '/login-basic', '/signup', '/forgot-password', '/no-such-page'];
const SIGNED_IN_ROUTES = ['/', '/invoice/create', '/profile', '/subscription', '/no-such-page'];

test('no console error or CSP violation on any route, signed out or in', async ({ page, request }) => {
  const problems = watchConsole(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} from ${event.sourceFile}`),
    );
  });
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
  }
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'CLEAN-001');
  await useToken(page, token);
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/');
  await expect(page.getByText('CLEAN-001')).toBeVisible();
  expect(problems).toEqual([]);
});

test('files the server does not have are a real 404; robots.txt and favicon.ico are real', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('User-agent');
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('icon');
  for (const path of ['/nope.js', '/assets/nope-0000.js', '/wp-login.php']) {
    const answer = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(answer.status(), path).toBe(404);
  }
});

test('scripts go out compressed and hashed assets are immutable', async ({ page }) => {
  const scripts: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const assets = scripts.filter((script) => new URL(script.url).pathname.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const script of assets) {
    // Tiny chunks are not worth compressing (the build skips files under 512 bytes).
    if (script.size > 1024) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
    expect(script.cache, script.url).toContain('immutable');
  }
});
