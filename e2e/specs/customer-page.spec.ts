import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, invoicePayload, subscribeViaSandbox, useToken } from './helpers.js';

// Its service worker at work, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

test('an owner shares an invoice; the customer opens the link in a fresh browser, sees it, how to pay, and downloads it', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, a subscription, a download and three accessibility scans: several minutes on a busy
  // machine (three runs here took 2.7 to 3.2 minutes).
  test.setTimeout(360_000);
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  const method = await request.post('/api/settings/payment-methods', {
    headers: headers(),
    data: {
      name: 'Commerzbank',
      type: 'bank_transfer',
      isDefault: true,
      bankName: 'Commerzbank',
      iban: 'DE89370400440532013000',
      swift: 'COBADEFFXXX',
    },
  });
  expect(method.status(), await method.text()).toBe(201);
  const methodId = ((await method.json()) as { paymentMethod: { ID: string } }).paymentMethod.ID;
  const created = await request.post('/api/invoices', {
    headers: headers(),
    multipart: {
      invoice: JSON.stringify({
        ...invoicePayload('SHARE-001'),
        paymentMethodId: methodId,
        dueDate: '2099-02-15',
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open invoice SHARE-001' }).click();
  await page.getByRole('tab', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = page.getByLabel('Customer page link');
  await expect(link).toHaveValue(/\/i\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  await expect(page.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the Share tab', { include: '[role=dialog]' });
  await page.screenshot({ path: join(screenshots, 'customer-page-share-tab-1280.png') });

  // The customer: another browser, never signed in.
  const customer = await browser.newContext();
  const visit = await customer.newPage();
  const scripts: string[] = [];
  visit.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await visit.setViewportSize({ width: 1280, height: 900 });
  const opened = await visit.goto(url);
  // A fresh browser loads every chunk from the server: slow on a busy machine.
  await expect(visit.getByRole('heading', { name: 'Invoice SHARE-001' })).toBeVisible({ timeout: 30_000 });
  // A page for whoever holds the link, never for a search index.
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(visit.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(visit).toHaveTitle('Invoice SHARE-001 from Hopper Consulting');
  await expect(visit.getByText('Amount due')).toBeVisible();
  await expect(visit.getByText('€361.20')).toBeVisible();
  await expect(visit.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  await expect(visit.getByText('COBADEFFXXX')).toBeVisible();
  await expect(visit.locator('iframe[sandbox]')).toBeVisible();
  await expect(visit.getByRole('link', { name: /sign|dashboard|profile/i })).toHaveCount(0);
  const download = visit.waitForEvent('download');
  await visit.getByRole('link', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe('Invoice_SHARE-001_2026-01-15.pdf');
  await expect(visit.locator('iframe[sandbox]').contentFrame().locator('.sheet')).toBeVisible();
  await visit.screenshot({ path: join(screenshots, 'customer-page-1280.png') });
  await visit.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(visit, 'customer page at 375 px');
  expect(await visit.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The app's service worker and its 'ready to work offline' note are the app's, not the customer's: the
  // app registers it on the window's load, long past by now (downloads, scans), and here nothing did.
  await visit.waitForFunction(() => document.readyState === 'complete');
  expect(
    await visit.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)),
  ).toBe(0);
  await expect(visit.getByText('Remit is ready to work offline.')).toHaveCount(0);
  await visit.screenshot({ path: join(screenshots, 'customer-page-375.png'), fullPage: true });
  const origin = new URL(url).origin;
  expect(scripts.filter((script) => !script.startsWith(origin))).toEqual([]);

  await expect(visit.getByRole('complementary', { name: 'Owner view' })).toHaveCount(0);

  // The owner opens the same link where they are signed in: their bar marks it paid (the whole balance,
  // today, as on the dashboard) and leads back to the dashboard. Their look is not the customer's view.
  await page.goto(url);
  const bar = page.getByRole('complementary', { name: 'Owner view' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
  await expect(page.locator('iframe[sandbox]').contentFrame().locator('.sheet')).toBeVisible();
  await page.screenshot({ path: join(screenshots, 'customer-page-owner-1280.png') });
  await bar.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);

  const dueHeading = visit.getByRole('heading', { name: /^(Amount due|Paid in full|Nothing to pay)$/ });
  // A phone-sized screenshot of a page first laid out at 1280 px can show the frame's old layout: load it
  // again at the phone's size and wait for the invoice's page in the frame.
  const atPhoneSize = async () => {
    // Tall enough for the whole page: a full-page capture of a shorter viewport scales the frame's layout.
    await visit.setViewportSize({ width: 375, height: 920 });
    await visit.reload();
    await dueHeading.waitFor();
    await expect(visit.locator('iframe[sandbox]').contentFrame().locator('.sheet').first()).toBeVisible();
  };
  // Paid in full: the customer's page says so and stops asking for money. (Each reload first waits for the
  // page to have its data: a count taken while it loads would be 0 however often it is asked.)
  await expect
    .poll(async () => {
      await visit.reload();
      await dueHeading.waitFor();
      return visit.getByText('Paid', { exact: true }).count();
    })
    .toBeGreaterThan(0);
  await expect(visit.getByText('Paid in full')).toBeVisible();
  await expect(visit.getByText('How to pay')).toHaveCount(0);
  await visit.setViewportSize({ width: 1280, height: 900 });
  await expect(visit.locator('iframe[sandbox]').contentFrame().locator('.sheet')).toBeVisible();
  await visit.screenshot({ path: join(screenshots, 'customer-page-paid-1280.png') });
  await atPhoneSize();
  await visit.screenshot({ path: join(screenshots, 'customer-page-paid-375.png') });

  // A void invoice: nothing to pay, no payment details, and its preview is stamped VOID.
  const other = await request.post('/api/invoices', {
    headers: headers(),
    multipart: {
      invoice: JSON.stringify({
        ...invoicePayload('SHARE-002'),
        paymentMethodId: methodId,
        dueDate: '2099-03-15',
      }),
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  const otherId = ((await other.json()) as { invoice: { ID: string } }).invoice.ID;
  const otherShare = await request.post(`/api/invoices/${otherId}/share`, { headers: headers(), data: {} });
  expect(otherShare.status(), await otherShare.text()).toBe(201);
  const otherUrl = String(((await otherShare.json()) as { url: string }).url);
  const voided = await request.post(`/api/invoices/${otherId}/void`, {
    headers: headers(),
    data: { reason: 'Issued twice' },
  });
  expect(voided.status(), await voided.text()).toBe(200);
  await visit.setViewportSize({ width: 1280, height: 900 });
  await expect
    .poll(async () => {
      await visit.goto(new URL(otherUrl).pathname);
      await dueHeading.waitFor();
      return visit.getByRole('heading', { name: 'Nothing to pay' }).count();
    })
    .toBe(1);
  await expect(visit.getByText('Void', { exact: true })).toBeVisible();
  await expect(visit.getByText('How to pay')).toHaveCount(0);
  await expect(visit.getByText('Issued twice')).toHaveCount(0);
  const sheet = visit.locator('iframe[sandbox]').contentFrame().locator('body');
  await expect(sheet).toContainText('VOID');
  await visit.screenshot({ path: join(screenshots, 'customer-page-void-1280.png') });
  await atPhoneSize();
  await expectNoSeriousViolations(visit, 'void invoice customer page at 375 px');
  await visit.screenshot({ path: join(screenshots, 'customer-page-void-375.png') });
  await customer.close();

  // The owner sees the customer's view and the payment in the History.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open invoice SHARE-001' }).click();
  // The dialog can still be settling when it first shows (a click then lands on nothing): click until the
  // tab is the selected one.
  const historyTab = page.getByRole('tab', { name: 'History' });
  await expect(async () => {
    await historyTab.click();
    await expect(historyTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  const history = page.getByRole('list', { name: 'Invoice history' });
  await expect(history.getByText('Viewed by the customer')).toHaveCount(1);
  await expect(history).toContainText('Payment of €361.20 received');
});
