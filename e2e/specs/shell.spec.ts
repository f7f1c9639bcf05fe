import { expect, test } from '@playwright/test';
import { createVerifiedAccount, useToken } from './helpers.js';

// The CSP test loads the service worker as a user's browser does (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.describe('header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows Login and Register when signed out', async ({ page }) => {
    await page.goto('/login');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(
      `© ${new Date().getFullYear()} Remit. All rights reserved.`,
    );
  });

  test('shows Dashboard, New Invoice, Profile and Logout when signed in', async ({ page, request }) => {
    const { token } = await createVerifiedAccount(request);
    await useToken(page, token);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'New Invoice' })).toHaveAttribute('href', '/invoice/create');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});

test('the mobile menu opens at 375 px and closes at 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(page.getByRole('button', { name: /menu/ })).toBeHidden();
  await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(1);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
});

test('works at 320 px without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/login', '/login-basic', '/signup', '/verify-email?token=x&email=a%40b.co']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});

test('runs under the server CSP without violations or script errors', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const { token } = await createVerifiedAccount(request);
  for (const path of ['/login', '/login-basic', '/signup', '/verify-email?token=x&email=a%40b.co']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  expect(problems).toEqual([]);
});
