import { expect, test } from '@playwright/test';
import { createVerifiedAccount, seedInvoice, subscribeViaSandbox, useToken } from './helpers.js';

// Issue 34 item 18: a keyboard user's focus never drops to <body> in the Invoice Preview.
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 900 } });

test('keyboard through the Invoice Preview: every tab, sending, the Formats menu; focus never on <body>', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'FOC-001');
  await subscribeViaSandbox(request, token);
  await useToken(page, token);
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Open invoice FOC-001' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invoice Preview' });
  await expect(dialog).toBeVisible();
  // Counts every moment, once the page has handled a focus change, that focus sits on <body>.
  await page.evaluate(() => {
    const record = window as unknown as { slips: number };
    record.slips = 0;
    document.addEventListener('focusout', () =>
      setTimeout(() => {
        if (document.activeElement === document.body) record.slips += 1;
      }),
    );
  });
  const slips = () => page.evaluate(() => (window as unknown as { slips: number }).slips);

  for (const name of ['History', 'Payments', 'Send', 'Share', 'Preview']) {
    const tab = dialog.getByRole('tab', { name });
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // Into the panel and back, as a keyboard user reads it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement !== document.body), `after ${name}`).toBe(true);
  }

  // Send: its button had focus, and the panel it is in gives way to History once the mail is sent.
  await dialog.getByRole('tab', { name: 'Send' }).click();
  await dialog.getByRole('button', { name: 'Send invoice' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Invoice history' })).toContainText(
    'Sent to charles@example.com',
  );
  await expect(dialog.getByRole('tab', { name: 'History' })).toBeFocused();

  const formats = dialog.getByRole('button', { name: 'Download formats for invoice FOC-001' });
  await formats.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(formats).toBeFocused();

  expect(await slips()).toBe(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
