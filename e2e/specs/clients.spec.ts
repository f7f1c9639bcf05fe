import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, seedInvoice, useToken } from './helpers.js';

// Issue 29: the clients and the catalogue in the browser, seeded through the API.
test('clients, a client page and items pass axe, and a client is added in the dialog', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'CL-001');
  const headers = { Authorization: `Bearer ${token}` };
  await request.post('/api/items', { headers, data: { name: 'Design work', price: '85', currency: 'EUR' } });
  await useToken(page, token);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible();
  await expectNoSeriousViolations(page, '/clients (empty, with the past invoices banner)');
  await page.getByRole('button', { name: 'New client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await dialog.getByLabel('Company name').fill('Müller & Söhne GmbH');
  await dialog.getByLabel('Email', { exact: true }).fill('info@mueller.example');
  await dialog.getByLabel('Country').selectOption('DE');
  await expectNoSeriousViolations(page, 'the new client dialog', { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Add client' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: /Müller & Söhne GmbH/ }).click();
  await expect(page.getByRole('heading', { name: 'Müller & Söhne GmbH', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'a client page');
  await page.goto('/items');
  await expect(page.getByText('€85.00 / hour')).toBeVisible();
  await expectNoSeriousViolations(page, '/items');
});
