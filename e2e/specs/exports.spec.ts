import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, seedInvoice, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

for (const width of [1280, 375]) {
  test(`the Export screen at ${width} px: reached from the navigation, used with the keyboard, passes axe`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const { token } = await createVerifiedAccount(request);
    // Exports of documents are a plan's (a free account sees only its first invoice).
    await subscribeViaSandbox(request, token);
    await seedInvoice(request, token, 'EXP-001');
    await useToken(page, token);
    await page.goto('/');
    if (width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Export' }).click();
    await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, `/export at ${width}`);
    await page.screenshot({ path: join(screenshots, `export-${width}.png`), fullPage: true });

    // The period with the arrow keys, the download with Enter.
    await page.getByRole('radio', { name: 'Last quarter' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'This year' })).toBeChecked();
    await page.getByRole('radio', { name: 'Excel (XLSX)' }).check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^remit-invoices_\d{4}-01-01_\d{4}-12-31\.xlsx$/);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await expect(page.getByText(/^Downloaded remit-invoices_.*\(the log as of link \d+\)\.$/)).toBeVisible();
    await expectNoSeriousViolations(page, `/export after a download at ${width}`);

    // The server's refusal stays on screen, by the button.
    await page.getByRole('radio', { name: 'Custom', exact: true }).check();
    await page.getByLabel('From', { exact: true }).fill('2025-12-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-31');
    await page.getByRole('radio', { name: 'DATEV' }).check();
    await page.getByRole('button', { name: 'Download' }).click();
    await expect(
      page.getByText(
        'A DATEV export covers one fiscal year (yours starts on 2025-01-01); export the period in two parts',
      ),
    ).toBeVisible();
    await expectNoSeriousViolations(page, `/export with an error at ${width}`);
    if (width === 1280) {
      // What the window shows: a full-page picture of a scrolled page draws the sticky header mid-page.
      await page.getByRole('alert').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, 'export-error-1280.png') });
    }
  });
}

test("the profile's Accounting (DATEV) section saves and passes axe", async ({ page, request }) => {
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Accounting (DATEV)' });
  await expect(card.getByLabel('Standard rate 19 %')).toHaveValue('8400');
  await card.getByLabel('Consultant number').fill('1234567');
  await card.getByLabel('Client number').fill('10001');
  await card.getByLabel('Chart of accounts').selectOption('SKR04');
  await card.getByRole('button', { name: 'Save accounting' }).click();
  await expect(page.getByText('Accounting settings saved')).toBeVisible();
  await expectNoSeriousViolations(page, 'profile with Accounting (DATEV)');
  await card.screenshot({
    path: join(screenshots, 'profile-accounting-1280.png'),
    // The sticky header would cover the card's title.
    style: 'header { visibility: hidden !important; }',
  });
  await page.reload();
  await expect(card.getByLabel('Standard rate 19 %')).toHaveValue('4400');
  await expect(card.getByLabel('Consultant number')).toHaveValue('1234567');
});
