import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, seedInvoice, subscribeViaSandbox, useToken } from './helpers.js';

// A 2×2 PNG (red), as a logo file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGO4o6YGRAwQCgAjRgSh7v9IEwAAAABJRU5ErkJggg==',
  'base64',
);

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text });
}

test('a user adds a bank transfer and a digital method, toggles one and edits the other', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await openProfile(page);
  const card = page.getByRole('region', { name: 'Payment Methods' });
  await expect(card.getByText('No payment methods')).toBeVisible();
  await expect(card.getByText('Add a payment method to start receiving payments.')).toBeVisible();

  await card.getByRole('button', { name: 'Add Method' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog.getByRole('button', { name: 'Add Method' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Business account');
  await dialog.getByLabel('Type').selectOption('bank_transfer');
  await expect(dialog.getByLabel('Payment Link')).toHaveCount(0);
  await dialog.getByLabel('Bank Name').fill('Commerzbank');
  await dialog.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await expect(dialog.getByText(/IBAN is not valid/)).toBeVisible();
  await dialog.getByLabel('IBAN').fill('de89 3704 0044 0532 0130 00');
  await dialog.getByLabel('SWIFT').fill('COBADEFFXXX');
  await dialog.getByRole('checkbox', { name: 'Make default' }).check();
  await dialog.getByRole('button', { name: 'Add Method' }).click();
  await expect(toast(page, 'Payment method added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const bank = card.getByTestId('payment-method').filter({ hasText: 'Business account' });
  await expect(bank).toContainText('Bank Transfer');
  await expect(bank).toContainText('Default');
  await expect(bank).toContainText('DE89 3704 0044 0532 0130 00');
  await expect(bank).toContainText('COBADEFFXXX');
  // The first toast goes (3 s), so the next one seen is the second method's own.
  await expect(toast(page, 'Payment method added successfully')).toHaveCount(0);

  await card.getByRole('button', { name: 'Add Method' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByLabel('Name').fill('PayPal');
  await dialog.getByLabel('Type').selectOption('digital');
  await expect(dialog.getByLabel('Bank Name')).toHaveCount(0);
  await expect(dialog.getByLabel('Payment Link')).toHaveAttribute('type', 'url');
  await dialog.getByLabel('Payment Link').fill('https://paypal.me/grace');
  await dialog.getByLabel('Instructions').fill('Put the invoice number in the note');
  await dialog.getByRole('button', { name: 'Add Method' }).click();
  await expect(toast(page, 'Payment method added successfully')).toBeVisible();
  const digital = card.getByTestId('payment-method').filter({ hasText: 'PayPal' });
  const link = digital.getByRole('link', { name: 'https://paypal.me/grace' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(digital).toContainText('Put the invoice number in the note');
  await expect(digital).not.toContainText('Default');

  const toggle = bank.getByRole('switch', { name: 'Business account active' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toast(page, 'Payment method disabled')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Business account active' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  // By keyboard: the switch is a button, Space flips it.
  await page.getByRole('switch', { name: 'Business account active' }).focus();
  await page.keyboard.press('Space');
  await expect(toast(page, 'Payment method enabled')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Business account active' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.getByRole('button', { name: 'Edit PayPal' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Payment Method' });
  await expect(dialog.getByLabel('Name')).toHaveValue('PayPal');
  await expect(dialog.getByLabel('Type')).toHaveValue('digital');
  await expect(dialog.getByLabel('Payment Link')).toHaveValue('https://paypal.me/grace');
  await expect(dialog.getByLabel('Instructions')).toHaveValue('Put the invoice number in the note');
  await dialog.getByLabel('Name').fill('PayPal Business');
  await dialog.getByRole('button', { name: 'Update Method' }).click();
  await expect(toast(page, 'Payment method updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PayPal Business' })).toBeVisible();
});

test('a user updates the company profile with a logo, then removes it', async ({ page, request }) => {
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await openProfile(page);
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByRole('img', { name: 'No logo yet' })).toBeVisible();

  await page.getByLabel('Company', { exact: true }).fill('Hopper Consulting');
  await page.getByLabel('Company VAT').fill('us1');
  await expect(page.getByLabel('Company VAT')).toHaveValue('US1');
  await expect(
    page.getByText('VAT number can only contain uppercase letters, numbers, and hyphens'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await page.getByLabel('Company VAT').fill('us-123456');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Company logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Hopper Consulting');
  await expect(page.getByLabel('Company VAT')).toHaveValue('US-123456');
  const logo = page.getByRole('img', { name: 'Company logo' });
  await expect(logo).toHaveAttribute('src', /^\/api\/logos\/[a-f0-9]{40}$/);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'No logo yet' })).toHaveText('HC');
});

test('a user without a subscription sees the three upgrade gates, and the page passes axe', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await openProfile(page);
  for (const title of ['Access Recent Invoices', 'Access Quick Stats', 'Access Top Clients']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  const gates = page.getByTestId('upgrade-gate');
  await expect(gates).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'No Subscription' })).toBeVisible();
  await expectNoSeriousViolations(page, '/profile (gated)');
  await gates.first().getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('a subscriber sees recent invoices, quick stats and top clients with their numbers', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  // Each seeded invoice: 2 × €150.50 plus 20% tax = €361.20, issued 2026-01-15, due 2026-02-15, unpaid.
  for (const number of ['SUB-001', 'SUB-002', 'SUB-003']) await seedInvoice(request, token, number);
  await subscribeViaSandbox(request, token);
  await useToken(page, token);
  await openProfile(page);
  await expect(page.getByTestId('upgrade-gate')).toHaveCount(0);

  const recent = page.getByTestId('recent-invoice');
  await expect(recent).toHaveCount(3);
  await expect(recent.first()).toContainText('SUB-003');
  await expect(recent.first()).toContainText('Jan 15, 2026');
  await expect(recent.first()).toContainText('€361.20');
  await expect(recent.first()).toContainText('Overdue');
  await expect(page.getByRole('link', { name: 'View All Invoices' })).toHaveAttribute('href', '/');

  await expect(page.getByTestId('stat-total-invoices')).toHaveText('Total Invoices3');
  await expect(page.getByTestId('stat-active-clients')).toHaveText('Active Clients1');
  await expect(page.getByTestId('stat-pending-payments')).toHaveText('Pending Payments€1,083.60');

  const client = page.getByTestId('top-client');
  await expect(client).toHaveCount(1);
  await expect(client).toContainText('CB');
  await expect(client).toContainText('Charles Babbage');
  await expect(client).toContainText('3 invoices');
  await expect(client).toContainText('€1,083.60');

  await expect(page.getByRole('region', { name: 'Current Plan' })).toContainText('Pro');
  await expectNoSeriousViolations(page, '/profile (subscriber)');
});

test('at 375 px the profile is one column and its modal fits', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await openProfile(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Add Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, '/profile modal at 375 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
