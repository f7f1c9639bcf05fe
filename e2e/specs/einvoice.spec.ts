import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { validatorDir as findValidatorDir } from '../../scripts/tools.mjs';
import { createVerifiedAccount, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
// EINVOICE_DIR, else ../shared/tools/einvoice beside the repository (scripts/tools.mjs, as npm test's preflight).
const validatorDir = [findValidatorDir()].find((dir) => existsSync(join(dir, 'validate')));

test('a seller fills the E-invoice details, sees the invoice ready and downloads a valid Factur-X PDF and XRechnung', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() };
  const settings = await request.put('/api/settings', {
    headers,
    data: {
      Name: 'Anna Schmidt',
      DefaultDueDays: 30,
      Settings: {
        CompanyEmail: 'anna@mueller-soehne.de',
        CompanyAddress: 'Torstraße 12, Berlin',
        CompanyName: 'Müller & Söhne',
        DefaultCurrency: 'EUR',
        UserCompanyVAT: 'DE123456789',
        CompanyPostalAddress: { lines: ['Torstraße 12'], postCode: '10119', city: 'Berlin', country: 'DE' },
        CompanyPhone: '+49 30 1234567',
      },
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const method = await request.post('/api/settings/payment-methods', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      name: 'Girokonto',
      type: 'bank_transfer',
      bankName: 'Sparkasse',
      iban: 'DE89370400440532013000',
      swift: 'COBADEFFXXX',
    },
  });
  expect(method.status(), await method.text()).toBe(201);

  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/invoice/create');
  await expect(page.getByLabel('Your name')).toHaveValue('Anna Schmidt');
  await page.getByLabel('Customer name').fill('Jonas Weber');
  await page.getByLabel('Customer email').fill('rechnung@hamburg.example');
  await page.getByLabel('Customer company name').fill('Hansestadt Hamburg');
  // One address entry (issue 34, item 6): the e-invoice details do not ask for it again.
  await page.getByLabel('Customer street and number').fill('Hafenstraße 5');
  await page.getByLabel('Customer post code').fill('20457');
  await page.getByLabel('Customer city').fill('Hamburg');
  await page.getByLabel('Customer country').selectOption('DE');
  await page.getByLabel('Invoice number').fill('RE-2026-0001');
  await page.getByLabel('Tax rate (%)').fill('19');
  await page.getByLabel('Description').fill('Design and development');
  await page.getByLabel('Unit price').fill('85');

  const section = page.getByRole('group', { name: 'E-invoice details' });
  await section.locator('summary').click();
  await page
    .getByRole('listitem', { name: 'Item 1' })
    .getByLabel('Unit', { exact: true })
    .selectOption('HUR');
  await page.getByLabel('Quantity').fill('1.5');
  await section.getByLabel('Customer type').selectOption('public_body');
  await section.getByLabel('Buyer reference or Leitweg-ID').fill('04011000-12345-34');
  await expect(section.getByLabel('Customer street and number')).toHaveCount(0);
  const checklist = section.getByRole('region', { name: 'E-invoice readiness' });
  await expect(checklist).toContainText('✓ Ready: Factur-X PDF, CII and UBL (EN 16931)');
  await expect(checklist).toContainText('✓ Ready: XRechnung');
  await section.screenshot({ path: join(screenshots, 'einvoice-details-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await section.screenshot({ path: join(screenshots, 'einvoice-details-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Use Classic' }).click();
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
  await expect(page).toHaveURL(/\/$/);
  const card = page.getByTestId('invoice').filter({ hasText: 'RE-2026-0001' });
  await expect(card).toBeVisible();

  const dir = await mkdtemp(join(tmpdir(), 'remit-e2e-einvoice-'));
  const formats = card.getByRole('button', { name: 'Download formats for invoice RE-2026-0001' });
  await formats.click();
  await page.screenshot({ path: join(screenshots, 'einvoice-download-menu-1280.png') });
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^PDF/ }).click(),
  ]);
  const pdfPath = join(dir, pdf.suggestedFilename());
  await pdf.saveAs(pdfPath);
  await formats.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const [xml] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(xml.suggestedFilename()).toBe('RE-2026-0001-xrechnung-ubl.xml');
  const xmlPath = join(dir, xml.suggestedFilename());
  await xml.saveAs(xmlPath);
  await page.setViewportSize({ width: 375, height: 800 });
  await formats.click();
  await page.screenshot({ path: join(screenshots, 'einvoice-download-menu-375.png') });

  // The validator is the judge (README: run its install.sh once); without it this test cannot pass.
  expect(
    validatorDir,
    'the EN 16931 validator (../shared/tools/einvoice, or EINVOICE_DIR) is required',
  ).toBeTruthy();
  const run = promisify(execFile);
  const output = await run(join(validatorDir as string, 'validate'), ['--json', pdfPath, xmlPath]).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const report = JSON.parse(output.stdout) as {
    valid: boolean;
    results: Array<{ valid: boolean; kind: string }>;
  };
  expect(report.results.map((result) => result.valid)).toEqual([true, true]);
  expect(report.valid).toBe(true);
});
