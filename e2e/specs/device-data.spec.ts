import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, seedInvoice, subscribeViaSandbox, useToken } from './helpers.js';

// First visits load every chunk from the server: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** How many rows each of the app's IndexedDB stores holds (every account's). */
function storedRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ queries: number; drafts: number; outbox: number }>((resolve, reject) => {
        const opened = indexedDB.open('remit');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          const names = ['queries', 'drafts', 'outbox'] as const;
          const counts = { queries: 0, drafts: 0, outbox: 0 };
          // A read transaction starts after the writes begun before it: what it counts is what is written.
          const tx = db.transaction([...names]);
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => {
              counts[name] = request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** A subscriber whose dashboard and profile (with top clients and e-mail) are cached on this device. */
async function subscriberWithCache(page: Page, request: Parameters<typeof createVerifiedAccount>[0]) {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'DEV-001');
  await subscribeViaSandbox(request, token);
  await useToken(page, token);
  await page.goto('/profile');
  await expect(page.getByTestId('top-client')).toHaveCount(1);
  await expect.poll(async () => (await storedRows(page)).queries).toBeGreaterThan(3);
}

test.use({ viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 300_000 });

test("'Keep and log out' leaves only the drafts it promised; nothing else of the account is readable", async ({
  page,
  request,
}) => {
  await subscriberWithCache(page, request);
  // A draft: the form saves what is typed.
  await page.goto('/invoice/create');
  await page.getByLabel('Customer name').fill('Kept Customer');
  await expect.poll(async () => (await storedRows(page)).drafts).toBe(1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsent work on this device' });
  await expect(dialog).toContainText('1 draft has not reached the server yet.');
  await dialog.getByRole('button', { name: 'Keep and log out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // What the next person at this browser could read: the draft, and no cached answer at all.
  expect(await storedRows(page)).toEqual({ queries: 0, drafts: 1, outbox: 0 });
});

test("'Remove my data from this device' leaves nothing, and nothing is written back afterwards", async ({
  page,
  request,
}) => {
  await subscriberWithCache(page, request);
  await page.getByRole('button', { name: 'Remove my data from this device' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your data was removed from this device.')).toBeVisible();

  // The profile loads again from the server, then the dashboard: every answer arrives, none is kept.
  await expect(page.getByTestId('top-client')).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('button', { name: 'Open invoice DEV-001' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open invoice DEV-001' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByTestId('top-client')).toHaveCount(1);
  expect(await storedRows(page)).toEqual({ queries: 0, drafts: 0, outbox: 0 });
});
