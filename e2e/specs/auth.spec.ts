import { expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  newAccount,
  readVerificationLink,
  signInWithForm,
  useToken,
} from './helpers.js';

test('signs up, opens the link from the outbox and lands signed in on /', async ({ page }) => {
  const account = newAccount('signup');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText("Didn't receive the email? Check your spam folder.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();

  const link = new URL(await readVerificationLink(account.email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Verify Email' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Remit');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test("shows the server's error in red for a wrong password", async ({ page, request }) => {
  const { account } = await createVerifiedAccount(request);
  await page.goto('/login-basic');
  await signInWithForm(page, { ...account, password: 'WrongPassword1' });
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(page).toHaveURL(/\/login-basic$/);
});

test('a guarded route goes to /login?redirect=… and returns there after sign-in', async ({
  page,
  request,
}) => {
  const { account } = await createVerifiedAccount(request);
  await page.goto('/invoice/create?from=e2e');
  await expect(page).toHaveURL('/login?redirect=%2Finvoice%2Fcreate%3Ffrom%3De2e');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with email' }).click();
  await expect(page).toHaveURL(/\/login-basic\?redirect=/);
  await signInWithForm(page, account);
  await expect(page).toHaveURL('/invoice/create?from=e2e');
  await expect(page.getByRole('heading', { name: 'Create Invoice' })).toBeVisible();
});

test('a reload keeps the session, and logout ends it', async ({ page, request }) => {
  const { account } = await createVerifiedAccount(request);
  await page.goto('/login-basic');
  await signInWithForm(page, account);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

  // The browser forgets the token first, then tells the server: the check below waits for that answer.
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  expect((await loggedOut).ok()).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The server ended the session: the old token is refused everywhere.
  const status = await request.get('/api/auth/status', { headers: { Authorization: `Bearer ${token}` } });
  expect(status.status()).toBe(401);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
});

test('a stored token that the server refuses is cleared and the guard redirects', async ({ page }) => {
  await useToken(page, 'not-a-real-token');
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
