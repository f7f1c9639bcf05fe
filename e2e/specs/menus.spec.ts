import { expect, test } from '@playwright/test';
import { createVerifiedAccount, seedInvoice, useToken } from './helpers.js';

// Issue 34 item 16: the Invoice Preview's 'Formats' menu opens inside the viewport (above its button when the
// footer leaves no room below), and Escape closes the menu only, not the preview.
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`the Formats menu in the Invoice Preview stays on screen at ${viewport.width}×${viewport.height}`, async ({
    page,
    request,
  }) => {
    const { token } = await createVerifiedAccount(request);
    await seedInvoice(request, token, 'MENU-001');
    await page.setViewportSize(viewport);
    await useToken(page, token);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open invoice MENU-001' }).click();
    const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
    await preview.getByRole('button', { name: 'Download formats for invoice MENU-001' }).click();
    const menu = page.getByRole('menu', { name: 'Download invoice MENU-001 as' });
    await expect(menu).toBeVisible();
    for (const item of await menu.getByRole('menuitem').all()) {
      const box = await item.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    }
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(preview).toBeVisible();
    await expect(
      preview.getByRole('button', { name: 'Download formats for invoice MENU-001' }),
    ).toBeFocused();
  });
}
