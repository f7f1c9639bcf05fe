import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { workerOutbox } from '../support/worker-server.mjs';
import { expectNoSeriousViolations } from './accessibility.js';
import {
  createVerifiedAccount,
  invoicePayload,
  seedInvoice,
  subscribeViaSandbox,
  useToken,
} from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** The subjects of every mail in the server's outbox, decoded enough to read a subject line. */
function outboxSubjects(): string[] {
  const outbox = workerOutbox();
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(outbox, file), 'utf8').match(/^Subject: (.*)$/m)?.[1] ?? '');
}

/** The latest reminder's subject for an invoice from `invoicePayload` (due in February). */
const overdueSubject = (number: string) => `Overdue: invoice ${number} was due on 15 February 2026`;

test('an owner turns reminders on in /profile by keyboard; the time process reminds once; one invoice opts out', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  const number = `REM-${randomUUID().slice(0, 6).toUpperCase()}`;
  const issued = await request.post('/api/invoices', {
    headers: headers(),
    multipart: { invoice: JSON.stringify(invoicePayload(number)) },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const id = ((await issued.json()) as { invoice: { ID: string } }).invoice.ID;

  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Reminders' });
  const toggle = card.getByRole('switch', { name: 'Send payment reminders to customers' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(card.getByRole('checkbox', { name: 'On the due date' })).toBeDisabled();
  await expectNoSeriousViolations(page, 'profile reminders', { include: 'section[aria-labelledby]' });

  // Keyboard only: the switch, then the days, then Save.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const threeBefore = card.getByRole('checkbox', { name: '3 days before the due date' });
  await threeBefore.focus();
  await page.keyboard.press('Space');
  await expect(threeBefore).not.toBeChecked();
  await card.getByRole('checkbox', { name: '30 days after the due date' }).focus();
  await page.keyboard.press('Space');
  await card.getByRole('button', { name: 'Save reminders' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: 'Reminder settings saved' })).toBeVisible();
  // The card whole, below the sticky header, with the focus ring gone.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await card.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 96),
  );
  const box = await card.boundingBox();
  if (box) {
    await page.screenshot({
      path: join(screenshots, 'profile-reminders.png'),
      clip: { x: box.x - 16, y: box.y - 16, width: box.width + 32, height: box.height + 32 },
    });
  }
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Send payment reminders to customers' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(card.getByRole('checkbox', { name: '3 days before the due date' })).not.toBeChecked();

  // The invoice was due in February: the next tick records it overdue and mails the latest reminder due
  // (30 days after), once; the earlier ones are recorded as skipped.
  const reminderSubject = overdueSubject(number);
  await expect
    .poll(() => outboxSubjects().filter((subject) => subject === reminderSubject).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await page.goto('/');
  await page.getByRole('button', { name: `Open invoice ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice Preview' });
  await dialog.getByRole('tab', { name: 'History' }).click();
  const history = dialog.getByRole('list', { name: 'Invoice history' });
  await expect(history).toContainText('Became overdue (due 2026-02-15');
  await expect(history).toContainText(
    'Payment reminder sent to charles@example.com (30 days after the due date)',
  );
  await expect(history).toContainText('Payment reminder (on the due date) not sent: a later one was due');
  await page.screenshot({ path: join(screenshots, 'reminders-history-1280.png') });

  // This invoice opts out.
  await dialog.getByRole('tab', { name: 'Payments' }).click();
  const perInvoice = dialog.getByRole('switch', { name: 'Automatic reminders for this invoice' });
  await expect(perInvoice).toHaveAttribute('aria-checked', 'true');
  await perInvoice.focus();
  await page.keyboard.press('Space');
  await expect(
    page.getByTestId('toast').filter({ hasText: 'No automatic reminders for this invoice' }),
  ).toBeVisible();
  await expect(perInvoice).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: join(screenshots, 'reminders-invoice-switch-1280.png') });
  const details = await request.get(`/api/invoices/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(
    ((await details.json()) as { Collection: { RemindersEnabled: boolean } }).Collection.RemindersEnabled,
  ).toBe(false);
  // Still one reminder after more ticks: another invoice's reminder going out shows a tick ran since.
  const later = `REM-${randomUUID().slice(0, 6).toUpperCase()}`;
  await seedInvoice(request, token, later);
  await expect
    .poll(() => outboxSubjects().filter((subject) => subject === overdueSubject(later)), {
      timeout: 20_000,
    })
    .toHaveLength(1);
  expect(outboxSubjects().filter((subject) => subject === reminderSubject)).toHaveLength(1);
});
