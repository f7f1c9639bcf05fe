import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.js';
import {
  createVerifiedAccount,
  invoicePayload,
  readMailedLink,
  subscribeViaSandbox,
  useToken,
} from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

test('the owner connects online payments; the customer pays the sent invoice in the sandbox, and the dashboard shows Paid without a reload', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, a send with its PDF and four accessibility scans: minutes on a busy machine.
  test.setTimeout(360_000);
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });

  // The owner connects online payments in /profile (no Stripe key here: the built-in sandbox).
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Online payments' });
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(
    card.getByText('Connected: customers can pay by card through the built-in sandbox'),
  ).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(page, 'the Online payments card', { include: 'main' });
  await card.screenshot({ path: join(screenshots, 'online-payments-profile-card.png') });

  const payer = `payer-${randomUUID().slice(0, 8)}@example.com`;
  const created = await request.post('/api/invoices', {
    headers: headers(),
    multipart: {
      invoice: JSON.stringify({
        ...invoicePayload('ONLINE-001'),
        customerEmail: payer,
        dueDate: '2099-02-15',
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoiceId = ((await created.json()) as { invoice: { ID: string } }).invoice.ID;
  const sent = await request.post(`/api/invoices/${invoiceId}/send`, {
    headers: headers(),
    data: { to: [], cc: [], subject: '', message: '' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The owner watches the dashboard.
  await page.goto('/');
  const row = page.getByTestId('invoice').filter({ hasText: 'ONLINE-001' });
  await expect(row.getByTestId('collection-status')).toHaveText('Outstanding');

  // The customer: the e-mail's 'Pay €361.20', in a browser that never signed in.
  const link = await readMailedLink(payer, 'i/[A-Za-z0-9_-]{43}');
  expect(link).toMatch(/\/i\/[A-Za-z0-9_-]{43}\?pay=1$/);
  const customer = await browser.newContext();
  const visit = await customer.newPage();
  await visit.setViewportSize({ width: 1280, height: 900 });
  await visit.goto(link);
  const pay = visit.getByRole('button', { name: 'Pay €361.20' });
  await expect(pay).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(visit, 'the customer page with Pay');
  await visit.screenshot({ path: join(screenshots, 'online-payments-customer-page-1280.png') });
  await pay.click();

  // The sandbox's checkout page, standing in for Stripe Checkout on the owner's account.
  await expect(visit.getByRole('heading', { name: 'Pay invoice ONLINE-001' })).toBeVisible();
  await expect(visit.getByText('TEST MODE')).toBeVisible();
  await expectNoSeriousViolations(visit, 'the sandbox checkout');
  await visit.screenshot({ path: join(screenshots, 'online-payments-sandbox-checkout.png') });
  await visit.getByRole('button', { name: 'Pay €361.20' }).click();

  // Back on the customer page: paid at once.
  await expect(visit.getByText('Payment received. Thank you!')).toBeVisible({ timeout: 30_000 });
  await expect(visit.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
  await expect(visit.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  expect(new URL(visit.url()).search).toBe('');
  await expectNoSeriousViolations(visit, 'the paid customer page');
  await visit.screenshot({ path: join(screenshots, 'online-payments-paid-1280.png') });

  // The owner's dashboard, never reloaded, turns Paid.
  await expect(row.getByTestId('collection-status')).toHaveText('Paid', { timeout: 30_000 });
  await page.screenshot({ path: join(screenshots, 'online-payments-dashboard-1280.png') });

  // The owner sees where it came from and what the provider kept.
  await page.getByRole('button', { name: 'Open invoice ONLINE-001' }).click();
  const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
  await preview.getByRole('tab', { name: 'Payments' }).click();
  await expect(preview.getByRole('list', { name: 'Payments' })).toContainText('Sandbox · fee €5.67');
  await expectNoSeriousViolations(page, 'the paid invoice’s payments');
  await preview.screenshot({ path: join(screenshots, 'online-payments-payments-tab.png') });
  await page.keyboard.press('Escape');

  // The payment is on the invoice once, by card, with the sandbox's fee.
  const details = await request.get(`/api/invoices/${invoiceId}`, { headers: headers() });
  const { Collection } = (await details.json()) as {
    Collection: { Payments: { method: string; amount: number; reversed: boolean }[] };
  };
  expect(Collection.Payments).toEqual([
    expect.objectContaining({ method: 'card', amount: 36_120, reversed: false }),
  ]);

  // A second tab that opens the page now finds nothing to pay, and a checkout is refused.
  const again = await customer.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'Paid in full' })).toBeVisible({ timeout: 30_000 });
  await expect(again.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  const token43 = /\/i\/([A-Za-z0-9_-]{43})/.exec(link)?.[1] ?? '';
  const refused = await request.post(`/api/public/invoices/${token43}/checkout`);
  expect(refused.status()).toBe(409);
  await customer.close();
});
