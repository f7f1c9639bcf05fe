import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, useToken } from './helpers.js';

const IBAN = 'DE89 3704 0044 0532 0130 00';
const SWIFT = 'COBADEFFXXX';
const LINK = 'https://pay.example.com/grace';

interface CreatedMethod {
  ID: string;
  Name: string;
}

/** POST /settings/payment-methods as the profile's modal sends it. */
async function createMethod(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const answer = await request.post('/api/settings/payment-methods', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { paymentMethod: CreatedMethod }).paymentMethod;
}

async function toggleMethod(request: APIRequestContext, token: string, id: string) {
  const answer = await request.put(`/api/settings/payment-methods/${id}/toggle`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The PDF's text as poppler's pdftotext reads it, whitespace (and the PDF's NBSPs) collapsed to single spaces. */
async function pdfText(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', path, '-']);
  return stdout.replace(/[\u00A0\s]+/gu, ' ');
}

/** Step 1 by hand with `methodLabel` chosen in the payment method select, then Classic and Generate. */
async function issueInvoice(page: Page, number: string, methodLabel: string) {
  await page.goto('/invoice/create');
  await expect(page.getByRole('heading', { name: 'Create Invoice' })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
  await page.getByLabel('Your email').fill('grace@example.com');
  await page.getByLabel('Company name', { exact: true }).fill('Hopper Consulting');
  await page.getByLabel('Street and number', { exact: true }).fill('1 Navy Yard');
  await page.getByLabel('City', { exact: true }).fill('Arlington');
  await page.getByLabel('Customer name').fill('Charles Babbage');
  await page.getByLabel('Customer email').fill('charles@example.com');
  await page.getByLabel('Customer company name').fill('Engines Ltd');
  await page.getByLabel('Customer street and number').fill('2 Difference Lane');
  await page.getByLabel('Customer city').fill('London');
  await page.getByLabel('Invoice number').fill(number);
  await page.getByLabel('Description').fill('Language design workshop');
  await page.getByLabel('Unit price').fill('1200');

  const select = page.getByLabel('Payment method');
  await select.selectOption({ label: methodLabel });
  await expect(select.locator('option:checked')).toHaveText(methodLabel);

  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Use Classic' }).click();
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
  // Not subscribed: the plans overlay opens; closing it shows the dashboard, newest invoice first.
  const plans = page.getByRole('dialog', { name: /choose a plan/ });
  await expect(plans).toBeVisible();
  await plans.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Downloads the newest invoice (the one a non-subscriber may open) from the dashboard. */
async function downloadPdf(page: Page, number: string): Promise<string> {
  const first = page.getByTestId('invoice').first();
  await expect(first).toContainText(number);
  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: `Download invoice ${number}` }).click();
  const path = await (await download).path();
  return pdfText(path);
}

test('the invoice form offers the active payment methods and the PDFs print the chosen one', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await createMethod(request, token, {
    name: 'Commerzbank',
    type: 'bank_transfer',
    isDefault: true,
    bankName: 'Commerzbank',
    iban: IBAN,
    swift: SWIFT,
  });
  await createMethod(request, token, { name: 'Pay online', type: 'digital', paymentLink: LINK });
  const old = await createMethod(request, token, {
    name: 'Old savings',
    type: 'bank_transfer',
    iban: 'GB82 WEST 1234 5698 7654 32',
  });
  await toggleMethod(request, token, old.ID);
  await useToken(page, token);

  // A new invoice starts with the default; the disabled method is not offered.
  await page.goto('/invoice/create');
  const select = page.getByLabel('Payment method');
  await expect(select.locator('option:checked')).toHaveText('Commerzbank — Bank transfer (default)');
  await expect(page.getByRole('img', { name: 'Bank transfer' })).toBeVisible();
  await expect(select.locator('option')).toHaveText([
    'None',
    'Commerzbank — Bank transfer (default)',
    'Pay online — Payment link',
  ]);
  await expectNoSeriousViolations(page, 'the invoice form', { include: 'form' });

  await issueInvoice(page, 'PM-BANK-1', 'Commerzbank — Bank transfer (default)');
  const bankPdf = await downloadPdf(page, 'PM-BANK-1');
  expect(bankPdf).toContain(IBAN);
  expect(bankPdf).toContain(SWIFT);
  expect(bankPdf).not.toContain(LINK);

  await issueInvoice(page, 'PM-LINK-1', 'Pay online — Payment link');
  const linkPdf = await downloadPdf(page, 'PM-LINK-1');
  expect(linkPdf).toContain(LINK);
  expect(linkPdf).not.toContain(IBAN);
  expect(linkPdf).not.toContain('GB82');
});
