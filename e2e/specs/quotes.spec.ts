import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, invoicePayload, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

test('an owner shares a quote; the customer accepts it in a fresh browser; the owner converts it to an invoice', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers and several accessibility scans: minutes on a busy machine.
  test.setTimeout(360_000);
  const { token } = await createVerifiedAccount(request);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  const created = await request.post('/api/quotes', {
    headers: headers(),
    data: { ...invoicePayload('INV-Q-001'), validUntil: '2099-12-31', timeZone: 'Europe/Berlin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, number } = (await created.json()) as { id: string; number: string };
  expect(number).toBe('QUO-0001');

  // The owner: the Quotes screen, then the quote's page.
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/quotes');
  await expect(page.getByRole('link', { name: 'Quotes', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = page.getByRole('link', { name: /QUO-0001 · Engines Ltd/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Draft')).toBeVisible();
  await expectNoSeriousViolations(page, 'the Quotes screen');
  await page.screenshot({ path: join(screenshots, 'quotes-list-1280.png') });
  await row.click();
  await expect(page.getByRole('heading', { name: 'Quote QUO-0001' })).toBeVisible();
  // Share: one link for a double click.
  const shares: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith(`/api/quotes/${id}/share`)) shares.push(sent.url());
  });
  await page.getByRole('button', { name: 'Share link' }).dblclick();
  const link = page.getByLabel('Customer page link (shown once)');
  await expect(link).toHaveValue(/\/q\/[A-Za-z0-9_-]{43}$/);
  expect(shares).toHaveLength(1);
  const url = await link.inputValue();
  await expectNoSeriousViolations(page, 'a quote’s page');

  // The customer: another browser, never signed in.
  const customer = await browser.newContext();
  const visit = await customer.newPage();
  await visit.setViewportSize({ width: 1280, height: 900 });
  await visit.goto(url);
  await expect(visit.getByRole('heading', { name: 'Quote QUO-0001' })).toBeVisible({ timeout: 30_000 });
  await expect(visit).toHaveTitle('Quote QUO-0001 from Hopper Consulting');
  await expect(visit.getByText('Valid until')).toBeVisible();
  await expect(visit.getByRole('link', { name: /sign|dashboard|profile/i })).toHaveCount(0);
  await expectNoSeriousViolations(visit, 'the quote’s customer page');
  await visit.screenshot({ path: join(screenshots, 'quote-customer-page-1280.png'), fullPage: true });
  await visit.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(visit, 'the quote’s customer page at 375 px');
  expect(await visit.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await visit.screenshot({ path: join(screenshots, 'quote-customer-page-375.png'), fullPage: true });

  const accepts: string[] = [];
  visit.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/api/public/quotes/')) accepts.push(sent.url());
  });
  await visit.getByLabel('Your name').fill('Zoë Łukasiewicz-Ørsted');
  await visit.getByLabel('Note (optional)').fill('Please start on Monday.');
  await visit.getByRole('button', { name: 'Accept quote' }).dblclick();
  await expect(visit.getByText(/^Accepted by Zoë Łukasiewicz-Ørsted on /)).toBeVisible();
  expect(accepts).toHaveLength(1);
  await visit.screenshot({ path: join(screenshots, 'quote-customer-accepted-375.png'), fullPage: true });
  await visit.setViewportSize({ width: 1280, height: 900 });
  await visit.screenshot({ path: join(screenshots, 'quote-customer-accepted-1280.png') });
  await customer.close();

  // The owner sees it accepted, and converts it once.
  await page.reload();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Accepted by Zoë Łukasiewicz-Ørsted: “Please start on Monday.”')).toBeVisible();
  const converts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith(`/api/quotes/${id}/invoice`))
      converts.push(sent.url());
  });
  await page.getByRole('button', { name: 'Convert to invoice' }).dblclick();
  await expect(page.getByText('Invoice INV-Q-001 issued from quote QUO-0001')).toBeVisible();
  await expect(page.getByRole('link', { name: 'INV-Q-001' })).toBeVisible();
  expect(converts).toHaveLength(1);
  await expect(page.getByText('Invoiced', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'an invoiced quote’s page');
  await page.screenshot({ path: join(screenshots, 'quote-invoiced-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: join(screenshots, 'quote-invoiced-375.png'), fullPage: true });
  await page.goto('/quotes?state=Invoiced');
  await expect(page.getByRole('link', { name: /QUO-0001 · Engines Ltd/ })).toBeVisible();
  await page.screenshot({ path: join(screenshots, 'quotes-list-375.png'), fullPage: true });

  // The invoice it became is on the dashboard.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByText('INV-Q-001').first()).toBeVisible({ timeout: 30_000 });

  // 'New quote' is the invoice wizard with 'Valid until'.
  await page.goto('/quote/create');
  await expect(page.getByRole('heading', { name: 'New Quote' })).toBeVisible();
  await expect(page.getByLabel('Valid until')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'the New Quote form');
  await page.screenshot({ path: join(screenshots, 'quote-create-1280.png') });
});
