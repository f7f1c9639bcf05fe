import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { workerOutbox } from '../support/worker-server.mjs';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'e2e'): TestAccount {
  return {
    name: 'Grace Hopper',
    email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Compiler1952',
  };
}

/** Undoes the mail's transfer encoding: quoted-printable soft breaks and =XX, or base64 parts. */
function decodeMail(raw: string): string {
  const quotedPrintable = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ]
    .map((match) => Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${quotedPrintable}\n${base64Parts}`;
}

/** The verification link from the newest mail to `email` in this worker's server's outbox ($DATA_DIR/outbox). */
export function readVerificationLink(email: string): Promise<string> {
  return readMailedLink(email, 'verify-email');
}

/** The link to `/{path}?…` from the newest mail to `email` that has one, in the server's outbox. */
export async function readMailedLink(email: string, path: string): Promise<string> {
  const outbox = workerOutbox();
  let link: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
        } catch {
          return undefined;
        }
        for (const file of files.sort().reverse()) {
          const mail = decodeMail(readFileSync(join(outbox, file), 'utf8'));
          if (!mail.toLowerCase().includes(email.toLowerCase())) continue;
          const match = mail.match(new RegExp(`https?://[^\\s"'<>]+/${path}\\?[^\\s"'<>]+`));
          if (match) {
            link = match[0].replace(/&amp;/g, '&');
            return link;
          }
        }
        return undefined;
      },
      { message: `a mail to ${email} with a /${path} link in ${outbox}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link ?? '';
}

/** Signs up and verifies through the API (no UI), returning the account and its token. */
export async function createVerifiedAccount(request: APIRequestContext, account = newAccount()) {
  const signUp = await request.post('/api/auth/signup', {
    data: account,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = new URL(await readVerificationLink(account.email));
  const verify = await request.post('/api/auth/verify-email', {
    data: { email: account.email, token: link.searchParams.get('token') },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  const { token } = (await verify.json()) as { token: string };
  return { account, token };
}

/** Puts a signed-in session into the browser the way the app keeps it: local storage 'token'. */
export async function useToken(page: Page, token: string) {
  await page.goto('/login');
  // Wait until the app has started: its start-up check clears a token it finds missing. The first
  // visit of a fresh browser loads every chunk from the server, slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

export async function signInWithForm(page: Page, account: TestAccount) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function invoicePayload(number: string, customer = 'Charles Babbage') {
  return {
    userName: 'Grace Hopper',
    userEmail: 'grace@example.com',
    userAddress: '1 Navy Yard, Arlington',
    userCompanyName: 'Hopper Consulting',
    userCompanyVAT: '',
    customerName: customer,
    customerEmail: 'charles@example.com',
    customerAddress: '2 Difference Lane, London',
    customerCompanyName: 'Engines Ltd',
    customerCompanyVAT: 'GB-123456',
    invoiceNumber: number,
    currency: 'EUR',
    taxRate: '20',
    issueDate: '2026-01-15',
    dueDate: '2026-02-15',
    items: [{ description: 'Compiler consulting', quantity: '2', unitPrice: '150.50' }],
    notes: '',
    termsAndConditions: '',
    templateId: 'classic',
    templateName: 'Classic',
    templateComponentName: 'ClassicTemplate',
    status: 'Draft',
  };
}

/** Issues an invoice through the API (multipart, as the web app sends it). */
export async function seedInvoice(
  request: APIRequestContext,
  token: string,
  number: string,
): Promise<string> {
  const answer = await request.post('/api/invoices', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { invoice: JSON.stringify(invoicePayload(number)) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { invoice: { ID: string } }).invoice.ID;
}

/** Pays a checkout on the built-in sandbox as its Pay button does; returns the session id. */
async function payInSandbox(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() };
  const started = await request.post('/api/create-checkout-session', { headers, data: body });
  expect(started.status(), await started.text()).toBe(201);
  const { url, sessionId } = (await started.json()) as { url: string; sessionId: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return sessionId;
}

/** Makes the account a Pro subscriber through the sandbox checkout and the confirmation call. */
export async function subscribeViaSandbox(
  request: APIRequestContext,
  token: string,
  plan: 'pro-monthly' | 'pro-yearly' = 'pro-monthly',
) {
  const sessionId = await payInSandbox(request, token, { plan });
  const confirmed = await request.post('/api/confirm-subscription', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sessionId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as { subscribed: boolean; position: string };
}

/** Buys one invoice through the sandbox checkout and the confirmation call. */
export async function buyInvoiceViaSandbox(request: APIRequestContext, token: string, invoiceId: string) {
  const sessionId = await payInSandbox(request, token, { plan: 'per-invoice', isOneTime: true, invoiceId });
  const confirmed = await request.post('/api/confirm-one-time-payment', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sessionId, invoiceId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as { position: string };
}

/** How many rows one store of the app's IndexedDB holds (every account's). */
function storedRows(page: Page, store: 'outbox' | 'drafts'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('remit');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const count = opened.result.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            resolve(count.result);
            opened.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
    store,
  );
}

/** The commands waiting in the app's IndexedDB outbox (every account's). */
export const queuedCommands = (page: Page) => storedRows(page, 'outbox');

/** The drafts the app's IndexedDB holds on this device (every account's). */
export const savedDrafts = (page: Page) => storedRows(page, 'drafts');

/** The hashes of the cached answers this browser keeps in IndexedDB (every account's). */
export function cachedQueryHashes(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('remit');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => {
            resolve(all.result.map((row: { hash: string }) => row.hash));
            db.close();
          };
          all.onerror = () => resolve([]);
        };
      }),
  );
}
