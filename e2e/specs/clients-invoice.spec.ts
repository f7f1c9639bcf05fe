import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

// Issue 29, done when: import 20 clients and 10 items from a CSV, issue an invoice for 7.5 hours of a catalogue
// service to an imported client without opening the e-invoice details, and see it on the client's page.
const clientsCsv = [
  'Company name;First name;Last name;Email;Street;Post code;City;Country',
  ...Array.from(
    { length: 20 },
    (_, index) =>
      `Kunde ${String(index + 1).padStart(2, '0')} GmbH;Lena;Schäfer;kunde${index + 1}@example.com;Hafenstraße ${index + 1};20457;Hamburg;DE`,
  ),
].join('\n');
const itemsCsv = [
  'Name;Description;Unit;Price;Currency',
  'Beratung;Beratung und Konzeption;HUR;95,00;EUR',
  ...Array.from(
    { length: 9 },
    (_, index) => `Paket ${index + 1};Lizenzpaket ${index + 1};C62;${100 + index},00;EUR`,
  ),
].join('\n');

async function importCsv(page: Page, path: string, dialogName: string, file: string, confirm: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog
    .getByLabel(/Choose a CSV file/)
    .setInputFiles({ name: `${dialogName}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${file}`) });
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [1280, 375]) {
  test(`at ${width} px: imported clients and items make an invoice for 7.5 hours, shown on the client's page`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { token } = await createVerifiedAccount(request);
    await useToken(page, token);
    await importCsv(page, '/clients', 'Import clients', clientsCsv, 'Import 20 clients');
    await expect(page.getByRole('link', { name: /Kunde 07 GmbH/ })).toBeVisible();
    await importCsv(page, '/items', 'Import items', itemsCsv, 'Import 10 items');
    await expect(page.getByText('Beratung', { exact: true })).toBeVisible();

    await page.goto('/invoice/create');
    // A new account without a profile: its own details are typed once here.
    await page.getByLabel('Company name', { exact: true }).fill('Schäfer Beratung');
    await page.getByLabel('Street and number', { exact: true }).fill('Torstraße 12');
    await page.getByLabel('City', { exact: true }).fill('Berlin');
    await page.getByLabel('Search existing customers').fill('Kunde 07');
    await page
      .getByRole('list', { name: 'Customer suggestions' })
      .getByRole('button', { name: /Kunde 07 GmbH/ })
      .click();
    await expect(page.getByLabel('Customer street and number')).toHaveValue('Hafenstraße 7');
    // The catalogue's prices are in euros: an item in another currency than the invoice's is refused.
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Add from catalogue').fill('Berat');
    await page
      .getByRole('list', { name: 'Catalogue items' })
      .getByRole('button', { name: /Beratung/ })
      .click();
    const line = page.getByRole('listitem', { name: 'Item 1' });
    await expect(line.getByLabel('Unit', { exact: true })).toHaveValue('HUR');
    await line.getByLabel('Quantity').fill('7,5');
    await expect(page.getByLabel('Totals')).toContainText('€712.50');
    await expect(page.getByRole('group', { name: 'E-invoice details' })).not.toHaveAttribute('open');
    await page.screenshot({ path: join(screenshots, `clients-wizard-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Use Classic' }).click();
    await page.getByRole('button', { name: 'Generate Invoice' }).click();
    // The first invoice of a new account: the plans overlay opens; closing it shows the dashboard.
    const plans = page.getByRole('dialog', { name: /choose a plan/ });
    await expect(plans).toBeVisible();
    await plans.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('invoice').first()).toContainText('€712.50');

    await page.goto('/clients');
    await page.getByRole('link', { name: /Kunde 07 GmbH/ }).click();
    await expect(page.getByRole('heading', { name: 'Kunde 07 GmbH', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('€712.50');
    await page.screenshot({
      path: join(screenshots, `clients-page-with-invoice-${width}.png`),
      fullPage: true,
    });
    await expectNoSeriousViolations(page, `a client's page with an invoice at ${width} px`);
  });
}
