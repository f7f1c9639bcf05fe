import { expect, test } from '@playwright/test';
import { createVerifiedAccount, queuedCommands, seedInvoice, useToken } from './helpers.js';

// Its service worker at work, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 14: 'Mark as paid' offline goes through the outbox and is applied exactly once when back online.
test("'Mark as paid' offline is queued, then applied once when back online", async ({
  page,
  context,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  const id = await seedInvoice(request, token, 'OFFPAY-001');
  await useToken(page, token);
  await page.goto('/');
  const row = page.getByTestId('invoice').filter({ hasText: 'OFFPAY-001' });
  await expect(row.getByTestId('collection-status')).toHaveText('Overdue');

  const payments: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === `/api/invoices/${id}/payments`)
      payments.push(sent.headers()['idempotency-key'] ?? '');
  });

  await context.setOffline(true);
  await row.getByRole('button', { name: 'Mark invoice OFFPAY-001 as paid' }).click();
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: 'You are offline. The payment will be recorded when you are back online.' }),
  ).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to be sent' });
  await expect(waiting).toContainText('1 change is waiting to be sent when you are back online');
  await expect(waiting).toContainText('Invoice OFFPAY-001 marked as paid');
  expect(await queuedCommands(page)).toBe(1);
  await expect(row.getByTestId('collection-status')).toHaveText('Overdue');

  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Invoice OFFPAY-001 marked as paid');
  await expect(waiting).toHaveCount(0);
  await expect(row.getByTestId('collection-status')).toHaveText('Paid');
  // Another reconnect sends nothing again.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => queuedCommands(page)).toBe(0);
  // Every attempt that reached the network carried the one key of the click.
  expect(new Set(payments.filter(Boolean)).size).toBe(1);

  // One payment in the Payments tab and the History; the server says the same.
  await row.getByRole('button', { name: 'Open invoice OFFPAY-001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice Preview' });
  const paymentsTab = dialog.getByRole('tab', { name: 'Payments' });
  await expect(async () => {
    await paymentsTab.click();
    await expect(paymentsTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  await expect(dialog.getByText(/^Paid · paid /)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(1);
  const historyTab = dialog.getByRole('tab', { name: 'History' });
  await expect(async () => {
    await historyTab.click();
    await expect(historyTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  const history = dialog.getByRole('list', { name: 'Invoice history' });
  await expect(history).toContainText('Payment of');
  await expect(history.getByRole('listitem').filter({ hasText: /^Payment of/ })).toHaveCount(1);

  const details = await request.get(`/api/invoices/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const collection = (
    (await details.json()) as { Collection: { CollectionStatus: string; Payments: unknown[] } }
  ).Collection;
  expect(collection.CollectionStatus).toBe('paid');
  expect(collection.Payments).toHaveLength(1);
});
