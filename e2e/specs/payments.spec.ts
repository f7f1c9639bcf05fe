import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { workerOutbox } from '../support/worker-server.mjs';
import { createVerifiedAccount, invoicePayload, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/**
 * The HTML part of the newest mail to `email` about invoice `number` in this worker's server's outbox, decoded
 * (quoted-printable, UTF-8). Other specs mail invoices to the same customer; the number makes it this one's.
 */
async function mailedHtml(email: string, number: string): Promise<string> {
  const outbox = workerOutbox();
  let html = '';
  await expect
    .poll(() => {
      const files = readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .reverse();
      for (const file of files) {
        const raw = readFileSync(join(outbox, file), 'utf8');
        if (!raw.includes(email) || !raw.includes(`Subject: Invoice ${number} `)) continue;
        if (!raw.includes('application/pdf')) continue;
        const part = raw.split(/Content-Type: text\/html[^\n]*\n/)[1] ?? '';
        const body =
          part
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n\n')
            .split(/\r?\n--/)[0] ?? '';
        const bytes = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        html = Buffer.from(bytes, 'latin1').toString('utf8');
        return html;
      }
      return '';
    })
    .toContain('</html>');
  return html;
}

test('an owner sends an invoice, the customer opens the mailed link, the owner marks it paid and watches the figures', async ({
  browser,
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  const issue = async (number: string, overrides: Record<string, unknown> = {}) => {
    const answer = await request.post('/api/invoices', {
      headers: headers(),
      multipart: { invoice: JSON.stringify({ ...invoicePayload(number), ...overrides }) },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { invoice: { ID: string } }).invoice.ID;
  };
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const voided = await issue('PAY-001');
  await request.post(`/api/invoices/${voided}/void`, {
    headers: headers(),
    data: { reason: 'Issued twice' },
  });
  const partly = await issue('PAY-002', { customerName: 'Ada King', issueDate: today, dueDate: later });
  await request.post(`/api/invoices/${partly}/payments`, { headers: headers(), data: { amount: '100' } });
  await issue('PAY-003'); // due in February: overdue
  await issue('PAY-004', { customerName: 'Mary Somerville', issueDate: today, dueDate: later });

  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const rows = page.getByTestId('invoice');
  await expect(rows).toHaveCount(4);
  const row = (number: string) => rows.filter({ hasText: number });
  await expect(row('PAY-001').getByTestId('collection-status')).toHaveText('Void');
  await expect(row('PAY-002').getByTestId('collection-status')).toHaveText('Partially paid');
  await expect(row('PAY-003').getByTestId('collection-status')).toHaveText('Overdue');
  await expect(row('PAY-004').getByTestId('collection-status')).toHaveText('Outstanding');
  await page.screenshot({ path: join(screenshots, 'payments-dashboard-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'Open invoice PAY-003' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice Preview' });
  await dialog.getByRole('tab', { name: 'Send' }).click();
  const form = dialog.getByRole('form', { name: 'Send invoice' });
  await expect(form.getByLabel(/^To/)).toHaveValue('charles@example.com');
  await form.getByLabel('Message').fill('Hello Charles, here is the invoice for January. Thank you!');
  await page.screenshot({ path: join(screenshots, 'payments-send-dialog-1280.png') });
  await form.getByRole('button', { name: 'Send invoice' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Invoice sent to charles@example.com' }),
  ).toBeVisible();
  const history = dialog.getByRole('list', { name: 'Invoice history' });
  await expect(history).toContainText('Sent to charles@example.com: Invoice PAY-003 from Hopper Consulting');
  await page.screenshot({ path: join(screenshots, 'payments-history-1280.png') });

  // The customer: the link in the e-mail, in a browser that never signed in.
  const mailed = await mailedHtml('charles@example.com', 'PAY-003');
  const link = /href="([^"]*\/i\/[A-Za-z0-9_-]+)"/.exec(mailed)?.[1];
  expect(link, 'the e-mail links the customer page').toBeTruthy();
  const customer = await browser.newContext();
  const visit = await customer.newPage();
  await visit.goto(link ?? '');
  await expect(visit.getByRole('heading', { name: 'Invoice PAY-003' })).toBeVisible();
  await expect(visit.getByRole('heading', { name: 'Amount due' })).toBeVisible();
  await expect(visit.getByText('€361.20').first()).toBeVisible();
  const download = visit.waitForEvent('download');
  await visit.getByRole('link', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Invoice_PAY-003_.*\.pdf$/);

  await dialog.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Marked as paid' })).toBeVisible();
  await expect(row('PAY-003').getByTestId('collection-status')).toHaveText('Paid');
  await expect(dialog.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  // The customer's page says so too.
  await visit.reload();
  await expect(visit.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
  await customer.close();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/profile');
  // 2 × 150.50 + 20% = 361.20 paid for PAY-003 and 100.00 of PAY-002: revenue is what customers paid.
  await expect(page.getByTestId('stat-total-revenue')).toContainText('€461.20');
  await expect(page.getByTestId('stat-pending-payments')).toContainText('€622.40');

  const email = await browserlessHtml(page, mailed);
  expect(email).toContain('PAY-003');
});

/** Shows the mail's HTML as a mail client would (no script), screenshots it, and returns its text. */
async function browserlessHtml(page: import('@playwright/test').Page, html: string): Promise<string> {
  await page.setViewportSize({ width: 640, height: 800 });
  await page.setContent(html);
  await page.screenshot({ path: join(screenshots, 'payments-email.png'), fullPage: true });
  return page.locator('body').innerText();
}
