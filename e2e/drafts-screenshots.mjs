// Screenshots of issue 27's edit, duplicate and drafts at 1280 and 375 px into docs/screenshots/:
//   node e2e/drafts-screenshots.mjs
// The preview with Edit and Duplicate, the edit wizard pre-filled, the invoice after 'Save changes', the duplicate
// opened in the wizard, the dashboard's drafts, and a final invoice's edit screen leading to a credit note.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startScreenshotSession } from './support/screenshot-session.mjs';

const { server, outDir, browser, createAccount } = await startScreenshotSession();

async function issue(token, number) {
  const invoice = {
    userName: 'Ada Lovelace',
    userEmail: 'ada@analytical.example',
    userAddress: '12 St James Square, London',
    userCompanyName: 'Analytical Engines',
    customerName: 'Charles Babbage',
    customerEmail: 'charles@example.com',
    customerAddress: '2 Difference Lane, London',
    customerCompanyName: 'Engines Ltd',
    invoiceNumber: number,
    currency: 'EUR',
    taxRate: '20',
    issueDate: '2026-11-02',
    dueDate: '2026-11-16',
    items: [
      { description: 'Analytical engine design review', quantity: '3', unitPrice: '1250' },
      { description: 'Punched card programming', quantity: '2', unitPrice: '480.75' },
    ],
    notes: 'Thank you for your business.',
    templateId: 'classic',
    templateName: 'Classic',
    templateComponentName: 'ClassicTemplate',
    status: 'Draft',
  };
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoice));
  const answer = await fetch(`${server.url}/api/invoices`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`seed failed: ${answer.status} ${await answer.text()}`);
  return (await answer.json()).invoice.ID;
}

try {
  for (const width of [1280, 375]) {
    const account = await createAccount();
    await issue(account.token, 'INV-0001');
    const id = await issue(account.token, 'INV-0002');
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 860 : 780 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const shot = async (name, fullPage = true) => {
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage });
      console.log(`docs/screenshots/${name}-${width}.png`);
    };
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.evaluate((token) => localStorage.setItem('token', token), account.token);

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Open invoice INV-0002' }).click();
    const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
    await preview.locator('iframe').waitFor();
    await shot('40-preview-edit-duplicate', false);

    await preview.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Invoice' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('input[name="customerName"]')?.value === 'Charles Babbage',
    );
    await shot('41-edit-step1-prefilled');
    await page.getByLabel('Notes', { exact: true }).fill('Thank you. The review covers the whole mill.');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    await shot('42-edit-step2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog', { name: 'Invoice Preview' }).waitFor();
    await page.getByRole('dialog', { name: 'Invoice Preview' }).getByRole('tab', { name: 'History' }).click();
    await page.getByLabel('Invoice history').waitFor();
    await shot('43-edited-history', false);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Duplicate invoice INV-0002' }).click();
    await page.getByRole('heading', { name: 'Create Invoice' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('input[name="customerName"]')?.value === 'Charles Babbage',
    );
    await shot('44-duplicate-in-wizard');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('heading', { name: /Drafts \(/ }).waitFor();
    await shot('45-dashboard-drafts');

    await fetch(`${server.url}/api/invoices/${id}/downloads`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${account.token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
      },
      body: JSON.stringify({ format: 'pdf' }),
    });
    await page.goto(`${server.url}/invoice/${id}/edit`);
    await page.getByText('Issue a credit note to correct it.').waitFor();
    await shot('46-edit-final');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
