import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import {
  createVerifiedAccount,
  invoicePayload,
  seedInvoice,
  subscribeViaSandbox,
  useToken,
} from './helpers.js';

// A 2×2 PNG (red), as a logo file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGO4o6YGRAwQCgAjRgSh7v9IEwAAAABJRU5ErkJggg==',
  'base64',
);

/** The message shown under a field, read the way a screen reader gets it (aria-describedby). */
async function messageOf(field: Locator) {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const id = ((await field.getAttribute('aria-describedby')) ?? '').split(' ')[0];
  return field.page().locator(`[id="${id}"]`).textContent();
}

/** Tab and Shift+Tab, many times over: focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 10; press += 1) {
      await page.keyboard.press(key);
      expect(await inside(), `focus after ${press + 1} × ${key}`).toBe(true);
    }
  }
}

/** Issues an invoice in a currency through the API, as the web app sends it. */
async function issue(
  request: APIRequestContext,
  token: string,
  number: string,
  customer: string,
  currency: string,
  price: string,
) {
  const invoice = {
    ...invoicePayload(number, customer),
    customerEmail: `${customer.split(' ')[0]?.toLowerCase()}@example.com`,
    currency,
    taxRate: '0',
    items: [{ description: 'Consulting work', quantity: '1', unitPrice: price }],
  };
  const answer = await request.post('/api/invoices', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { invoice: JSON.stringify(invoice) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { invoice: { ID: string } }).invoice.ID;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('step 1 keeps what numbers mean and says what is wrong, on the field', async ({ page, request }) => {
      const { token } = await createVerifiedAccount(request);
      await useToken(page, token);
      await page.goto('/invoice/create');
      const quantity = page.getByLabel('Quantity');
      const price = page.getByLabel('Unit price');
      const item = page.getByRole('listitem', { name: 'Item 1' });
      await expect(quantity).toHaveValue('1');

      // Both dates set, every other field still empty: the cross-field message is there at once.
      await page.getByLabel('Issue date').fill('2026-03-10');
      await page.getByLabel('Due date').fill('2026-03-09');
      expect(await messageOf(page.getByLabel('Due date'))).toBe('Due date cannot be earlier than issue date');
      await expect(page.getByLabel('Customer name')).toHaveValue('');

      await price.fill('12,50');
      await expect(item.locator('output')).toHaveText('$12.50');
      await quantity.fill('7.5');
      await expect(quantity).toHaveValue('7.5');
      expect(await messageOf(quantity)).toBe('Quantity must be a whole number');
      await quantity.fill('-2');
      expect(await messageOf(quantity)).toBe('Quantity must be at least 1');
      await quantity.fill('3');
      await price.fill('1.234,56');
      await expect(item.locator('output')).toHaveText('$3,703.68');
      await price.fill('-5');
      expect(await messageOf(price)).toBe('Unit price must be greater than or equal to 0');
      await page.getByLabel('Tax rate (%)').fill('-5');
      await expect(page.getByLabel('Tax rate (%)')).toHaveValue('-5');

      await price.fill('0');
      // 'Next Step' reads as disabled (aria-disabled) but stays pressable (docs/decisions.md).
      await page.getByRole('button', { name: 'Next Step' }).click({ force: true });
      await expect(page.getByText('Please complete all required fields')).toBeVisible();
      expect(await messageOf(price)).toBe('Unit price must be greater than 0');

      await page.getByRole('textbox', { name: 'Notes' }).fill('Thank you!');
      await expect(page.getByRole('status').filter({ hasText: '10 of 500 characters used' })).toHaveCount(1);
      await expectNoSeriousViolations(page, `step 1 with messages at ${width} px`);
    });
  });
}

test('the step-2 preview shows the uploaded logo, and every dialog keeps focus until it closes', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'DLG-001');
  await useToken(page, token);
  await page.goto('/invoice/create');
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
  await page.getByLabel('Invoice number').fill('DLG-002');
  await page.getByLabel('Description').fill('Language design workshop');
  await page.getByLabel('Unit price').fill('1.200,00');
  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Logo preview')).toBeVisible();
  await page.getByRole('button', { name: 'Next Step' }).click();

  const opener = page.getByRole('button', { name: 'Preview Classic' });
  await opener.click();
  const preview = page.getByRole('dialog', { name: 'Classic' });
  const frame = preview.frameLocator('iframe');
  await expect(frame.getByText('DLG-002', { exact: true })).toBeVisible({ timeout: 20_000 });
  // The logo is in the preview as it will be in the PDF: an image in the page.
  await expect(frame.locator('image, img').first()).toBeAttached();
  await expectNoSeriousViolations(page, 'step 2 preview with a logo', { include: '[role="dialog"]' });
  await expectFocusTrapped(page, preview);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(opener).toBeFocused();

  // The plans overlay after a non-subscriber's Generate.
  await page.getByRole('button', { name: 'Use Classic' }).click();
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
  const plans = page.getByRole('dialog', { name: /choose a plan/ });
  await expect(plans).toBeVisible();
  await expectFocusTrapped(page, plans);
  await plans.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The Invoice Preview on the dashboard (the dialog the issue saw Tab leave).
  const open = page.getByRole('button', { name: 'Open invoice DLG-002' });
  await open.click();
  const invoicePreview = page.getByRole('dialog', { name: 'Invoice Preview' });
  await expect(invoicePreview.frameLocator('iframe').getByText('DLG-002', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expectFocusTrapped(page, invoicePreview);
  await invoicePreview.getByRole('button', { name: 'Close' }).click();
  await expect(invoicePreview).toBeHidden();
  await expect(open).toBeFocused();

  // The payment method modal on the profile.
  await page.goto('/profile');
  const add = page
    .getByRole('region', { name: 'Payment Methods' })
    .getByRole('button', { name: 'Add Method' });
  await add.click();
  const methodModal = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expectFocusTrapped(page, methodModal);
  await page.keyboard.press('Escape');
  await expect(methodModal).toBeHidden();
  await expect(add).toBeFocused();
});

test('Pay Now only where paying opens something; the grid/list choice survives a reload; Top Clients per currency', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  const older = await issue(request, token, 'PAY-001', 'Yuki Tanaka', 'JPY', '14400');
  const newest = await issue(request, token, 'PAY-002', 'Greta Hahn', 'EUR', '722,40');
  await useToken(page, token);
  await page.goto('/');
  const rows = page.getByTestId('invoice');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('PAY-002');
  await expect(rows.first().getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(rows.nth(1).getByRole('button', { name: 'Pay Now' })).toBeVisible();
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() };
  const refused = await request.post('/api/create-checkout-session', {
    headers,
    data: { plan: 'per-invoice', isOneTime: true, invoiceId: newest },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('invoice_already_open');
  expect(older).not.toBe(newest);

  await subscribeViaSandbox(request, token);
  await page.goto('/');
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('invoice')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');

  // The confirm dialog (cancel subscription) keeps focus too.
  await page.goto('/profile');
  const cancel = page.getByRole('button', { name: 'Cancel Subscription' });
  await cancel.click();
  const confirm = page.getByRole('dialog');
  await expectFocusTrapped(page, confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();

  const card = page.getByRole('region', { name: 'Top Clients' });
  await expect(
    card.getByText('Ranked by total invoiced within each currency; amounts are not converted.'),
  ).toBeVisible();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(['EUR', 'JPY']);
  await expect(card.getByRole('list', { name: 'Top clients in EUR' })).toContainText('€722.40');
  await expect(card.getByRole('list', { name: 'Top clients in JPY' })).toContainText('¥14,400');
  await expectNoSeriousViolations(page, 'profile with Top Clients', {
    include: '[aria-labelledby="top-clients-title"]',
  });
});
