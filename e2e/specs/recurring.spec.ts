import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, seedInvoice, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

// Issue 33: the Recurring screen — empty, made from an invoice ('Make recurring') by keyboard, listed with its next
// run and a preview, its page with the history, paused and resumed, deleted.
for (const width of [1280, 375]) {
  test(`recurring invoices at ${width} px: make one from an invoice, list, pause, resume, delete`, async ({
    page,
    request,
  }) => {
    // Two widths, each through the whole flow with axe four times: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const { token } = await createVerifiedAccount(request);
    await seedInvoice(request, token, 'RET-001');
    await subscribeViaSandbox(request, token);
    await useToken(page, token);

    await page.goto('/recurring');
    await expect(page.getByRole('heading', { name: 'No recurring invoices yet' })).toBeVisible();
    await page.screenshot({ path: join(screenshots, `recurring-empty-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `/recurring (empty) at ${width} px`);

    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open invoice RET-001' });
    await open.focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
    await preview.getByRole('link', { name: 'Make recurring' }).focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'New recurring invoice', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Repeats invoice RET-001');
    await page.getByLabel('Day of the month').selectOption('last');
    await page.getByLabel('Ends').selectOption('count');
    await page.getByLabel('Number of invoices').fill('12');
    await page.getByLabel('Issue it as a draft for me to send').check();
    await page.screenshot({ path: join(screenshots, `recurring-new-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `the new recurring invoice form at ${width} px`);
    await page.getByRole('button', { name: 'Create recurring invoice' }).click();

    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Monthly on the last day');
    await expect(page.getByRole('main')).toContainText('After 12 invoices');
    await expect(page.getByRole('main')).toContainText('Recurring invoice created');
    await page.screenshot({ path: join(screenshots, `recurring-profile-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `a recurring invoice's page at ${width} px`);

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

    await page.getByRole('link', { name: '← Recurring' }).click();
    const row = page.getByRole('list', { name: 'Recurring invoices' }).getByRole('link');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Next run');
    await expect(row).toContainText('Monthly on the last day');
    await page.screenshot({ path: join(screenshots, `recurring-list-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `/recurring with a profile at ${width} px`);

    await row.click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete recurring invoice' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('heading', { name: 'No recurring invoices yet' })).toBeVisible();
  });
}
