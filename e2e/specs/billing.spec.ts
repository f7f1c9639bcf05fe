import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, seedInvoice, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text });
}

function invoiceRow(page: Page, number: string) {
  return page.getByTestId('invoice').filter({ hasText: number });
}

/** A verified account with three invoices, signed in on the dashboard. */
async function nonSubscriberWithInvoices(page: Page, request: Parameters<typeof createVerifiedAccount>[0]) {
  const { token } = await createVerifiedAccount(request);
  const prefix = `B${Date.now().toString().slice(-5)}`;
  const numbers = [1, 2, 3].map((index) => `${prefix}-${index}`);
  for (const number of numbers) await seedInvoice(request, token, number);
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByTestId('invoice')).toHaveCount(3);
  return { token, numbers };
}

async function shoot(page: Page, name: string, waitFor: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await waitFor();
    // The picture is taken once the layout has settled: fonts loaded and no transition still running.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await page.screenshot({ path: join(screenshots, `billing-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a non-subscriber pays for one locked invoice on the sandbox checkout and it opens', async ({
  page,
  request,
}) => {
  const { numbers } = await nonSubscriberWithInvoices(page, request);
  const locked = page.locator('[data-testid="invoice"][data-locked="true"]');
  await expect(locked).toHaveCount(2);
  const text = (await locked.first().textContent()) ?? '';
  const number = numbers.find((candidate) => text.includes(candidate)) ?? '';
  expect(number).not.toBe('');

  await invoiceRow(page, number).getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('No real payment is made')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('€3.99');
  await expect(page.getByText('Pay per invoice')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/success\?session_id=.+&invoice_id=.+/);
  await expect(page.getByRole('heading', { name: 'Payment Confirmed!' })).toBeVisible();
  await expect(toast(page, 'Payment confirmed successfully!')).toBeVisible();
  await expect(toast(page, 'Invoice generated successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();

  await expect(page).toHaveURL(/\/$/);
  const bought = invoiceRow(page, number);
  await expect(bought).toBeVisible();
  await expect(bought).not.toHaveAttribute('data-locked', 'true');
  await expect(bought).toContainText('Paid');
  await expect(bought.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(locked).toHaveCount(1);
});

test('a subscriber gets every invoice, search and the grid, and cancels and resumes on the profile', async ({
  page,
  request,
}) => {
  const { numbers } = await nonSubscriberWithInvoices(page, request);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Subscribe monthly' }).click();
  await page.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
  await expect(page.getByRole('main')).toContainText('€9.99');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/success\?session_id=[^&]+$/);
  await expect(page.getByRole('heading', { name: 'Subscription Confirmed!' })).toBeVisible();
  await expect(toast(page, 'Payment confirmed successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();

  await expect(page.getByTestId('invoice')).toHaveCount(3);
  await expect(page.locator('[data-testid="invoice"][data-locked="true"]')).toHaveCount(0);
  for (const number of numbers) await expect(invoiceRow(page, number)).toContainText('Paid');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(numbers[1] ?? '');
  await expect(page.getByTestId('invoice')).toHaveCount(1);
  await expect(invoiceRow(page, numbers[1] ?? '')).toBeVisible();

  // The plans screen now shows the plan instead of buy buttons.
  await page.goto('/subscription');
  await expect(page.getByText('You are subscribed to Pro Monthly.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Current Plan' });
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText('Unlimited Invoices');
  await card.getByRole('button', { name: 'Cancel Subscription' }).click();
  let dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await expect(dialog).toContainText(
    "Are you sure you want to cancel your subscription? You'll still have access until the end of your billing period.",
  );
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Resume Subscription' })).toBeVisible();
  await expect(card).toContainText('Access until');

  await card.getByRole('button', { name: 'Resume Subscription' }).click();
  dialog = page.getByRole('dialog', { name: 'Resume Subscription' });
  await expect(dialog).toContainText('Are you sure you want to resume your subscription?');
  await dialog.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  // Cancelling keeps access to the end of the period: every invoice stays open meanwhile.
  await page.goto('/');
  await expect(page.locator('[data-testid="invoice"][data-locked="true"]')).toHaveCount(0);
});

test('Cancel on the sandbox checkout returns to the plans; a yearly subscription is billed yearly', async ({
  page,
  request,
}) => {
  const { token } = await nonSubscriberWithInvoices(page, request);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await shoot(page, 'subscription', () => expect(page.getByText('Save 30%')).toBeVisible());

  await page.getByRole('button', { name: 'Subscribe yearly' }).click();
  await page.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
  await expect(page.getByRole('main')).toContainText('€83.99');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.waitForURL(/\/subscription$/);
  await expect(page.getByRole('button', { name: 'Subscribe yearly' })).toBeEnabled();

  await page.getByRole('button', { name: 'Subscribe yearly' }).click();
  await page.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
  await shoot(page, 'checkout', () =>
    expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/success\?/);
  await expect(page.getByRole('heading', { name: 'Subscription Confirmed!' })).toBeVisible();
  await shoot(page, 'success', () =>
    expect(page.getByRole('heading', { name: 'Subscription Confirmed!' })).toBeVisible(),
  );

  const answer = await request.get('/api/subscription', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const { subscription } = (await answer.json()) as {
    subscription: { BillingCycle: string; Status: string };
  };
  expect(subscription).toMatchObject({ BillingCycle: 'yearly', Status: 'active' });

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Current Plan' })).toContainText('Billing cycleYearly');
  await page.goto('/subscription');
  await expect(page.getByText('You are subscribed to Pro Yearly.')).toBeVisible();
});

test('the invoice the wizard left to pay is bought from the plans screen', async ({ page, request }) => {
  const { token, numbers } = await nonSubscriberWithInvoices(page, request);
  const list = await request.get('/api/invoices?page=1&limit=15', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { invoices } = (await list.json()) as { invoices: { ID: string; InvoiceNumber: string }[] };
  const pending = invoices.find((invoice) => invoice.InvoiceNumber === numbers[0]);
  expect(pending).toBeDefined();
  await page.evaluate((id) => sessionStorage.setItem('remit.pendingInvoiceId', id), pending?.ID ?? '');

  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Pay for this invoice' })).toBeVisible();
  await expectNoSeriousViolations(page, 'plans');
  await page.getByRole('button', { name: 'Pay for this invoice' }).click();
  await page.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
  await expect(page.getByRole('main')).toContainText('€3.99');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(new RegExp(`/success\\?session_id=.+&invoice_id=${pending?.ID}`));
  await expect(page.getByRole('heading', { name: 'Payment Confirmed!' })).toBeVisible();
  await expect(toast(page, 'Invoice generated successfully!')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('remit.pendingInvoiceId'))).toBeNull();
  await expectNoSeriousViolations(page, 'success');

  // Back on the plans screen, one invoice is again paid from the dashboard.
  await page.goto('/subscription');
  await expect(page.getByText("use 'Pay Now' on that invoice on the dashboard")).toBeVisible();
});

test('a subscription confirmed in another browser opens every invoice on the next navigation here (issue 16)', async ({
  page,
  browser,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  const prefix = `L${Date.now().toString().slice(-5)}`;
  for (let index = 1; index <= 16; index += 1) await seedInvoice(request, token, `${prefix}-${index}`);
  await useToken(page, token);
  await page.goto('/');
  const rows = page.getByTestId('invoice');
  const locked = page.locator('[data-testid="invoice"][data-locked="true"]');
  await expect(rows).toHaveCount(15);
  await expect(locked).toHaveCount(14);

  // The same person subscribes on another device; this page knows nothing of it yet.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await useToken(other, token);
    await other.goto('/subscription');
    await other.getByRole('button', { name: 'Subscribe monthly' }).click();
    await other.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
    await other.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(other.getByRole('heading', { name: 'Subscription Confirmed!' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  // The next navigation re-checks the subscription (spec §2), and the cached page follows it.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('region', { name: 'Current Plan' })).toContainText('Active');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(rows).toHaveCount(15);
  await expect(locked).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search invoices' })).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Paid');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});
