import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, invoicePayload, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

// Issue 33: a quote is changed in the invoice wizard until the customer answers; the invoice it becomes names it.
test('an owner edits a sent quote in the wizard, the customer accepts, and the invoice names its quote', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  const created = await request.post('/api/quotes', {
    headers: headers(),
    data: { ...invoicePayload('INV-Q-101'), validUntil: '2099-12-31', timeZone: 'Europe/Berlin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const shared = await request.post(`/api/quotes/${id}/share`, { headers: headers(), data: {} });
  const link = new URL(((await shared.json()) as { url: string }).url).pathname.split('/q/')[1] ?? '';

  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/quotes/${id}`);
  await expect(page.getByRole('heading', { name: 'Quote QUO-0001' })).toBeVisible({ timeout: 30_000 });
  // By keyboard: Edit opens the wizard with the quote's form.
  await page.getByRole('link', { name: 'Edit', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit Quote' })).toBeVisible();
  await expect(page.getByLabel('Valid until')).toHaveValue('2099-12-31', { timeout: 30_000 });
  await expect(page.getByLabel('Customer name')).toHaveValue('Charles Babbage');
  await page
    .getByRole('textbox', { name: 'Notes' })
    .fill('Half up front; the rest on delivery. Zoë Ørsted signs for Engines Ltd.');
  await page.getByLabel('Valid until').fill('2099-06-30');
  await expectNoSeriousViolations(page, 'a quote opened to edit');
  await page.screenshot({ path: join(screenshots, 'quote-edit-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: join(screenshots, 'quote-edit-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Next Step' }).click();
  const puts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().endsWith(`/api/quotes/${id}`)) puts.push(sent.url());
  });
  await page.getByRole('button', { name: 'Save changes' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Quote QUO-0001' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Quote saved')).toBeVisible();
  expect(puts).toHaveLength(1);
  await expect(page.getByText(/Valid until 30 June 2099|Valid until Jun 30, 2099/)).toBeVisible();

  // The customer accepts; the quote no longer opens to edit, and says why.
  const accepted = await request.post(`/api/public/quotes/${link}/accept`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { name: 'Zoë Ørsted' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.goto(`/quotes/${id}/edit`);
  await expect(
    page.getByText(/Quote QUO-0001 was accepted by Zoë Ørsted on .* can no longer be changed/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('Valid until')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'an accepted quote opened to edit');
  await page.getByRole('link', { name: 'Back to the quote' }).click();

  // Converted: the invoice's preview names its quote and links back to it.
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await page.getByRole('link', { name: 'INV-Q-101' }).click();
  const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
  await expect(preview.getByText('From quote')).toBeVisible({ timeout: 30_000 });
  await preview.getByRole('tab', { name: 'History' }).click();
  await expect(preview.getByText('Issued invoice INV-Q-101 from quote QUO-0001')).toBeVisible();
  await expectNoSeriousViolations(page, 'an invoice converted from a quote');
  await page.screenshot({ path: join(screenshots, 'quote-converted-invoice-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(screenshots, 'quote-converted-invoice-375.png') });
  await preview.getByRole('link', { name: 'QUO-0001' }).click();
  await expect(page.getByRole('heading', { name: 'Quote QUO-0001' })).toBeVisible();
  await expect(page.getByText('Invoiced', { exact: true })).toBeVisible();
});

// Issue 33: 'Repeat this invoice' on the wizard's last step opens the schedule made from the new invoice.
test('the wizard repeats a new invoice: the schedule opens from it, its first run a month later', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const seeded = await request.post('/api/invoices', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { invoice: JSON.stringify(invoicePayload('RET-100')) },
  });
  const seededId = ((await seeded.json()) as { invoice: { ID: string } }).invoice.ID;
  const duplicated = await request.post(`/api/invoices/${seededId}/duplicate`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(duplicated.status(), await duplicated.text()).toBe(201);
  const draftId = ((await duplicated.json()) as { id: string }).id;
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/invoice/create?draft=${draftId}`);
  await expect(page.getByLabel('Customer name')).toHaveValue('Charles Babbage', { timeout: 30_000 });
  await page.getByLabel('Issue date').fill('2027-01-31');
  await page.getByLabel('Due date').fill('2027-02-28');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Use Classic' }).click();
  const repeat = page.getByRole('checkbox', { name: 'Repeat this invoice' });
  await repeat.focus();
  await page.keyboard.press('Space');
  await expect(repeat).toBeChecked();
  await expectNoSeriousViolations(page, "the wizard's last step with 'Repeat this invoice'");
  await page.screenshot({ path: join(screenshots, 'invoice-repeat-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: join(screenshots, 'invoice-repeat-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/invoices')) posts.push(sent.url());
  });
  await page.getByRole('button', { name: 'Generate Invoice' }).dblclick();

  await expect(page.getByRole('heading', { name: 'New recurring invoice', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  expect(posts).toHaveLength(1);
  await expect(page.getByRole('main')).toContainText('Repeats invoice RET-101');
  // One month after the invoice of 31 January: the last day of February, not today again.
  await expect(page.getByLabel('First run')).toHaveValue('2027-02-28');
  await page.getByLabel('Repeats').selectOption('quarterly');
  await expect(page.getByLabel('First run')).toHaveValue('2027-04-30');
  const creates: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/recurring')) creates.push(sent.url());
  });
  await page.getByRole('button', { name: 'Create recurring invoice' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible({ timeout: 30_000 });
  expect(creates).toHaveLength(1);
  await expect(page.getByRole('main')).toContainText('Quarterly');
});
