import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  cachedQueryHashes,
  createVerifiedAccount,
  newAccount,
  seedInvoice,
  signInWithForm,
  useToken,
} from './helpers.js';

// Its service worker at work, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The account's invoice numbers on the server, newest first. */
async function serverNumbers(request: APIRequestContext, token: string): Promise<string[]> {
  const answer = await request.get('/api/invoices?page=1&limit=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { invoices: { InvoiceNumber: string }[] };
  return body.invoices.map((invoice) => invoice.InvoiceNumber);
}

/** How many commands wait in this browser's outbox (all accounts). */
function outboxCount(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('remit');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(-1);
        };
      }),
  );
}

/** The customer names of the drafts saved in this browser (all accounts). */
function draftCustomers(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('remit');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const all = open.result.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () =>
            resolve(
              all.result.map(
                (draft: { data: { form: { customerName: string } } }) => draft.data.form.customerName,
              ),
            );
          all.onerror = () => resolve([]);
        };
      }),
  );
}

/** Step 1 typed by hand (no server needed), then step 2. */
async function fillForm(page: Page, customer: string, number?: string) {
  await expect(page.getByRole('heading', { name: 'Create Invoice' })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
  await page.getByLabel('Your email').fill('grace@example.com');
  await page.getByLabel('Company name', { exact: true }).fill('Hopper Consulting');
  await page.getByLabel('Street and number', { exact: true }).fill('1 Navy Yard');
  await page.getByLabel('City', { exact: true }).fill('Arlington');
  await page.getByLabel('Customer name').fill(customer);
  await page.getByLabel('Customer email').fill('customer@example.com');
  await page.getByLabel('Customer company name').fill(`${customer} Ltd`);
  await page.getByLabel('Customer street and number').fill('2 Difference Lane');
  await page.getByLabel('Customer city').fill('London');
  if (number !== undefined) await page.getByLabel('Invoice number').fill(number);
  await page.getByLabel('Description').fill('Compiler consulting');
  await page.getByLabel('Unit price').fill('100');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('button', { name: 'Use Classic' })).toBeVisible();
}

async function generateWithClassic(page: Page) {
  await page.getByRole('button', { name: 'Use Classic' }).click();
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
}

/** The cached answers (query hashes) the session check and the wizard read offline. */
const offlineAnswers = [
  '["auth","session"]',
  '["billing","subscribed"]',
  '["settings","values"]',
  '["templates","list"]',
];

/** Opens the app once online so the service worker and this account's cache are in place. */
async function primeOffline(page: Page, token: string) {
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome, Grace/ })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The wizard's own loads (settings, payment methods, next number, templates) are cached too.
  await page.goto('/invoice/create');
  await fillForm(page, 'Warm Up');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome, Grace/ })).toBeVisible();
  // An offline start opens with what IndexedDB holds, and the query cache writes there without waiting: the
  // network goes only once the answers the offline steps read are on the device (issue 26).
  await expect
    .poll(async () => {
      const cached = await cachedQueryHashes(page);
      return offlineAnswers.filter((hash) => !cached.includes(hash));
    })
    .toEqual([]);
}

async function logoutKeeping(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsent work on this device' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep and log out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}

test.use({ viewport: { width: 1280, height: 900 } });

test("P's queued invoice is issued in P's account only when P is back; Q sees none of P's work", async ({
  page,
  context,
  request,
}) => {
  const p = await createVerifiedAccount(request, newAccount('p'));
  const q = await createVerifiedAccount(request, newAccount('q'));
  await primeOffline(page, p.token);

  await context.setOffline(true);
  await page.goto('/invoice/create');
  await fillForm(page, 'Pat Customer', 'P-0001');
  await generateWithClassic(page);
  await expect(
    page.getByText('You are offline. The invoice will be generated when you are back online.'),
  ).toBeVisible();
  // And a draft P started and left.
  await page.goto('/invoice/create');
  await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
  await page.getByLabel('Customer name').fill('Pat Draft');
  await expect(page.getByText('1 invoice is waiting to be sent when you are back online')).toBeVisible();
  await expect.poll(() => outboxCount(page)).toBe(1);
  await expect.poll(() => draftCustomers(page)).toContain('Pat Draft');
  await page.goto('/');
  await logoutKeeping(page);

  await context.setOffline(false);
  await page.goto('/login-basic');
  await signInWithForm(page, q.account);
  await expect(page.getByRole('heading', { name: /Welcome, Grace/ })).toBeVisible();
  await page.goto('/invoice/create');
  await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
  await expect(page.getByText(/Saved drafts/)).toHaveCount(0);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  await expect(page.getByLabel('Customer name')).toHaveValue('');
  // P's command is still waiting on this device, and nothing reached Q's account.
  expect(await outboxCount(page)).toBe(1);
  expect(await serverNumbers(request, q.token)).toEqual([]);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.goto('/login-basic');
  await signInWithForm(page, p.account);
  await expect(page.getByText('Invoice P-0001 for Pat Customer sent')).toBeVisible();
  await expect.poll(() => serverNumbers(request, p.token)).toEqual(['P-0001']);
  expect(await serverNumbers(request, q.token)).toEqual([]);
  // The server has the invoice before this browser drops the sent command: wait for that, not a guess.
  await expect.poll(() => outboxCount(page)).toBe(0);
  // P's own draft came back with P.
  await page.goto('/invoice/create');
  // The sent invoice's draft is gone once the server accepted it; the one P left is back.
  await page.getByText(/Saved drafts/).click();
  await expect(page.getByText(/Pat Draft/)).toBeVisible();
  await expect(page.getByText(/Pat Customer/)).toHaveCount(0);
});

async function coldOfflinePage(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.close();
  const cold = await context.newPage();
  await cold.goto('/');
  await expect(cold.getByRole('heading', { name: /Welcome, Grace/ })).toBeVisible();
  return cold;
}

test('a cold offline start generates three invoices; back online they are issued once each, in order', async ({
  page,
  context,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await primeOffline(page, token);
  const cold = await coldOfflinePage(context, page);
  await expect(cold.getByTestId('offline-banner')).toBeVisible();

  const numbers: string[] = [];
  for (const customer of ['Ada', 'Blaise', 'Charles']) {
    await cold.goto('/invoice/create');
    await expect(cold.getByText(/Provisional: suggested offline/)).toBeVisible();
    const number = await cold.getByLabel('Invoice number').inputValue();
    expect(number).not.toBe('');
    numbers.push(number);
    await fillForm(cold, customer);
    await generateWithClassic(cold);
    await expect(cold).toHaveURL(/\/$/);
  }
  expect(new Set(numbers).size).toBe(3);
  await expect(cold.getByText('3 invoices are waiting to be sent when you are back online')).toBeVisible();

  await context.setOffline(false);
  await expect.poll(() => serverNumbers(request, token)).toEqual([...numbers].reverse());
  await expect(cold.getByText(/waiting to be sent/)).toHaveCount(0);
  // A reconnect later sends nothing again.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(cold.getByText('Sent after reconnecting')).toBeVisible();
  expect(await serverNumbers(request, token)).toEqual([...numbers].reverse());
});

test('a queued invoice the server refuses reopens with the message on the field, is fixed and accepted', async ({
  page,
  context,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await seedInvoice(request, token, 'TAKEN-001');
  await primeOffline(page, token);

  await context.setOffline(true);
  await page.goto('/invoice/create');
  await fillForm(page, 'Refused Customer', 'TAKEN-001');
  await generateWithClassic(page);
  await expect(page).toHaveURL(/\/$/);
  await context.setOffline(false);

  const panel = page.getByRole('region', { name: 'Waiting to be sent' });
  await expect(panel).toContainText('Refused: Invoice number TAKEN-001 is already used');
  await panel.getByRole('link', { name: 'Fix and resend' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The server refused this invoice' })).toBeVisible();
  const number = page.getByLabel('Invoice number');
  await expect(number).toHaveValue('TAKEN-001');
  await expect(number).toHaveAccessibleDescription(/already used by another of your invoices/);
  await expect(page.getByLabel('Customer name')).toHaveValue('Refused Customer');

  await number.fill('FIXED-001');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await generateWithClassic(page);
  const plans = page.getByRole('dialog', { name: /choose a plan/ });
  await expect(plans).toBeVisible();
  await plans.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => serverNumbers(request, token)).toEqual(['FIXED-001', 'TAKEN-001']);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  await expect.poll(() => outboxCount(page)).toBe(0);
});

test('an invoice made while the server is unreachable (browser online) is retried automatically', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedAccount(request);
  await useToken(page, token);
  await page.goto('/invoice/create');
  await fillForm(page, 'Outage Customer', 'OUT-001');

  // The server goes away for invoice commands: the connection is refused, the browser stays online.
  await page.route('**/api/invoices', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );
  await generateWithClassic(page);
  await expect(
    page.getByText('The server could not be reached. The invoice is queued and will be sent automatically.'),
  ).toBeVisible();
  const panel = page.getByRole('region', { name: 'Waiting to be sent' });
  await expect(panel).toContainText('Retrying automatically');
  await expect(panel.getByRole('button', { name: 'Retry now' })).toBeVisible();

  await page.unroute('**/api/invoices');
  await expect.poll(() => serverNumbers(request, token), { timeout: 90_000 }).toEqual(['OUT-001']);
  await expect(page.getByText('Invoice OUT-001 for Outage Customer sent')).toBeVisible();
  await expect.poll(() => outboxCount(page)).toBe(0);
});
