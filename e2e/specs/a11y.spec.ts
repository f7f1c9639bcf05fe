import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, seedInvoice, useToken } from './helpers.js';

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every sign-in screen passes axe', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expectNoSeriousViolations(page, '/login');

      await page.goto('/login-basic');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).focus();
      await page.getByLabel('Email').focus();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expectNoSeriousViolations(page, '/login-basic with errors');

      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectNoSeriousViolations(page, '/signup');

      await page.goto('/verify-email?token=abc&email=someone%40example.com');
      await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
      await expectNoSeriousViolations(page, '/verify-email');

      // Hold the exchange so 'Processing login...' stays on screen while axe looks at it.
      await page.route('**/api/auth/google/callback', () => {});
      await page.goto('/auth/google/callback?code=abc&state=def');
      await expect(page.getByText('Processing login...')).toBeVisible();
      await expectNoSeriousViolations(page, '/auth/google/callback');
    });
  });
}

test('the sign-up confirmation passes axe', async ({ page }) => {
  await page.route('**/api/auth/signup', (route) =>
    route.fulfill({ status: 201, json: { message: 'ok', email: 'someone@example.com', position: '1' } }),
  );
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Secret1234');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-up confirmation');
});

test('the dashboard with locked invoices and the invoice wizard pass axe', async ({ page, request }) => {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'AXE-001');
  await seedInvoice(request, token, 'AXE-002');
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByTestId('invoice')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'dashboard');
  await page.goto('/invoice/create');
  await page.getByRole('button', { name: 'Next Step' }).click({ force: true });
  await expect(page.getByText('Customer name is required')).toBeVisible();
  await expectNoSeriousViolations(page, 'invoice wizard');
});
