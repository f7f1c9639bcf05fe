import { expect, test } from '@playwright/test';
import { createVerifiedAccount, savedDrafts, seedInvoice, useToken } from './helpers.js';

// Issue 34 item 18, measured in the browser: what commit 88197c3 fixed stays fixed.
test.describe.configure({ timeout: 180_000 });

test.describe('at 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('every tab of the Invoice Preview, Share too, can be scrolled into view and chosen', async ({
    page,
    request,
  }) => {
    const { token } = await createVerifiedAccount(request);
    await seedInvoice(request, token, 'LAY-001');
    await useToken(page, token);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open invoice LAY-001' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invoice Preview' });
    const strip = dialog.getByRole('tablist');
    await expect(strip).toBeVisible();
    const stripBox = await strip.boundingBox();
    // The strip itself stays on the screen; its tabs scroll inside it.
    expect(stripBox?.x).toBeGreaterThanOrEqual(0);
    expect((stripBox?.x ?? 0) + (stripBox?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(375);

    for (const name of ['Preview', 'History', 'Payments', 'Send', 'Share']) {
      const tab = strip.getByRole('tab', { name });
      await tab.scrollIntoViewIfNeeded();
      const box = await tab.boundingBox();
      expect(box, `${name} has a box`).not.toBeNull();
      if (!box || !stripBox) continue;
      // Wholly inside the strip and the screen once scrolled to.
      expect(box.x, `${name}'s left edge`).toBeGreaterThanOrEqual(Math.max(0, stripBox.x) - 0.5);
      expect(box.x + box.width, `${name}'s right edge`).toBeLessThanOrEqual(
        Math.min(375, stripBox.x + stripBox.width) + 0.5,
      );
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
  });
});

test.describe('at 1280×900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the logout dialog's top is on the screen and the dialog is centred", async ({ page, request }) => {
    const { token } = await createVerifiedAccount(request);
    await useToken(page, token);
    // A draft on this device, so Logout asks what happens to it.
    await page.goto('/invoice/create');
    await page.getByLabel('Customer name').fill('Kept Customer');
    await expect.poll(() => savedDrafts(page), { timeout: 20_000 }).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsent work on this device' });
    await expect(dialog).toBeVisible();

    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y + box.height / 2 - 450)).toBeLessThanOrEqual(1);
  });
});
