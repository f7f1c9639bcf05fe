import { expect, test } from '@playwright/test';
import { createVerifiedAccount, readMailedLink, signInWithForm, useToken } from './helpers.js';

test('resets a forgotten password from the sign-in page: the e-mailed link, the new password, signed in with it', async ({
  page,
  request,
  browser,
}) => {
  const { account, token } = await createVerifiedAccount(request);
  // Signed in elsewhere, on another device: the reset ends that session too.
  const otherDevice = await browser.newPage();
  await useToken(otherDevice, token);

  await page.goto('/login-basic');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page).toHaveTitle('Reset your password · Remit');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`If an account exists for ${account.email}`)).toBeVisible();

  const link = new URL(await readMailedLink(account.email, 'reset-password'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('Moonlanding1969');
  await page.getByLabel('Confirm new password').fill('Moonlanding1969');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login-basic\?email=/);
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();
  await signInWithForm(page, { ...account, password: 'Moonlanding1969' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();

  // The link worked once; the other device was signed out.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Another1969x');
  await page.getByLabel('Confirm new password').fill('Another1969x');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid or has already been used' })).toBeVisible();
  await otherDevice.goto('/profile');
  await expect(otherDevice).toHaveURL(/\/login/);
  await otherDevice.close();
});

test('changes the password on the profile and signs out the other devices', async ({
  page,
  request,
  browser,
}) => {
  const { account, token } = await createVerifiedAccount(request);
  const otherDevice = await browser.newPage();
  await useToken(otherDevice, token);
  const signIn = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const { token: here } = (await signIn.json()) as { token: string };
  await useToken(page, here);
  await page.goto('/profile');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security).toBeVisible();
  await security.getByLabel('Current password').fill(account.password);
  await security.getByLabel('New password', { exact: true }).fill('Moonlanding1969');
  await security.getByLabel('Confirm new password').fill('Moonlanding1969');
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. You were signed out on every other device.')).toBeVisible();
  await expect(security.getByLabel('Current password')).toHaveValue('');

  await otherDevice.goto('/profile');
  await expect(otherDevice).toHaveURL(/\/login/);
  await otherDevice.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});
