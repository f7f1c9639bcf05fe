import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** The invoice's Payments tab line: 'Outstanding · paid €0.00 · due €1,200.00'. */
async function paymentsLine(page: Page, number: string) {
  await page.goto('/');
  await page.getByRole('button', { name: `Open invoice ${number}` }).click();
  const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
  await preview.getByRole('tab', { name: 'Payments' }).click();
  return preview;
}

// Issue 27, done when: save a draft, edit it, issue it, duplicate it, send it, try to edit it and be led to a credit
// note, issue a partial and a full credit note, and see balance and status follow.
for (const width of [1280, 375]) {
  test(`at ${width} px: draft, edit, issue, duplicate, send, then correct by credit notes`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const { token } = await createVerifiedAccount(request);
    await subscribeViaSandbox(request, token);
    await useToken(page, token);
    const number = `DOC-${width}`;

    // 1. A draft: no number consumed, listed as 'Not issued'.
    await page.goto('/invoice/create');
    await page.getByLabel('Company name', { exact: true }).fill('Hopper Consulting');
    await page.getByLabel('Street and number', { exact: true }).fill('1 Navy Yard');
    await page.getByLabel('City', { exact: true }).fill('Arlington');
    await page.getByLabel('Customer name').fill('Zoë Ångström');
    await page.getByLabel('Customer email').fill('zoe@kunde.example');
    await page.getByLabel('Customer company name').fill('Ångström Design GmbH');
    await page.getByLabel('Customer street and number').fill('Hafenstraße 7');
    await page.getByLabel('Customer post code').fill('20457');
    await page.getByLabel('Customer city').fill('Hamburg');
    await page.getByLabel('Invoice number').fill(number);
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Tax rate (%)').fill('20');
    await page.getByLabel('Description').fill('Workshop day');
    await page.getByLabel('Unit price').fill('1000');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const drafts = page.getByRole('region', { name: /Drafts \(1\)/ });
    await expect(drafts).toContainText('Not issued');

    // 2. Edit the draft, then 3. issue it.
    await drafts.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Customer name')).toHaveValue('Zoë Ångström');
    await page.getByLabel('Description').fill('Workshop day, two trainers');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Use Classic' }).click();
    await page.getByRole('button', { name: 'Generate Invoice' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: `Open invoice ${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: /Drafts/ })).toHaveCount(0);

    // 4. Duplicate: a new draft of the same customer and lines, opened in the wizard.
    await page.getByRole('button', { name: `Duplicate invoice ${number}` }).click();
    await expect(page.getByLabel('Customer name')).toHaveValue('Zoë Ångström');
    await expect(page.getByLabel('Description')).toHaveValue('Workshop day, two trainers');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('region', { name: /Drafts \(1\)/ })).toBeVisible();

    // 5. Send it: from then on it is final.
    let preview = await paymentsLine(page, number);
    await preview.getByRole('tab', { name: 'Send' }).click();
    await preview.getByRole('button', { name: 'Send invoice' }).click();
    await expect(page.getByText('Invoice sent to zoe@kunde.example')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();

    // 6. Try to edit it: refused, and led to a credit note.
    await page.goto('/');
    await page.getByRole('button', { name: `Open invoice ${number}` }).click();
    await page.getByRole('dialog', { name: 'Invoice Preview' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByText('Issue a credit note to correct it.')).toBeVisible();
    await page.getByRole('link', { name: 'Issue a credit note' }).click();

    // 7. A partial credit note: 400.00 of the 1,000.00 line, with its 20 % VAT: 480.00 of 1,200.00.
    const dialog = page.getByRole('dialog', { name: `Credit invoice ${number}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Some lines').check();
    await dialog.getByLabel(/^Line 1:/).check();
    await dialog.getByLabel('Unit price, line 1').fill('400');
    await dialog.getByLabel('Reason (printed on the credit note)').fill('Trainer fee agreed lower');
    await page.screenshot({ path: join(screenshots, `credit-note-dialog-${width}.png`), fullPage: false });
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Issue credit note' }).dblclick();
    await expect(page.getByText(/Credit note CN-0001 issued/)).toBeVisible();
    preview = page.getByRole('dialog', { name: 'Invoice Preview' });
    await expect(preview.getByText(/^Outstanding · paid €0\.00 · due €720\.00/)).toBeVisible();

    // 8. A full credit note: nothing left to pay, status Credited.
    // The button stays busy until what the first credit changed is read again; a press meanwhile is ignored.
    const issueAgain = preview.getByRole('button', { name: 'Issue credit note' });
    await expect(issueAgain).not.toHaveAttribute('aria-busy', 'true');
    await issueAgain.click();
    const full = page.getByRole('dialog', { name: `Credit invoice ${number}` });
    await full.getByLabel('Reason (printed on the credit note)').fill('Workshop cancelled');
    await full.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(page.getByText(/Credit note CN-0002 issued/)).toBeVisible();
    await expect(preview.getByText(/^Credited · paid €0\.00 · due €0\.00/)).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();

    // The dashboard lists both credit notes under its 'Credit notes' filter.
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Credit notes');
    const list = page.getByRole('list', { name: 'Credit notes' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText(`Corrects ${number} · Zoë Ångström`);
    await expect(list).toContainText('Cancellation');
    await page.screenshot({ path: join(screenshots, `credit-notes-list-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page);
  });
}
