// Screenshots of the invoice screens at 1280 and 375 px into docs/screenshots/:
//   node e2e/invoice-screenshots.mjs
// The wizard (step 1 with its messages, filled, step 2 with a template preview), the plans overlay,
// the dashboard of a non-subscriber (locked invoices), the Invoice Preview and its History.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startScreenshotSession } from './support/screenshot-session.mjs';

const { server, outDir, browser, createAccount } = await startScreenshotSession();

const customers = [
  ['Charles Babbage', 'Engines Ltd', 'EUR'],
  ['Grace Hopper', 'Compilers Inc', 'USD'],
  ['Alan Turing', 'Bletchley Works', 'GBP'],
  ['Hedy Lamarr', 'Frequency Labs', 'JPY'],
];

async function seed(token, count) {
  for (let index = 1; index <= count; index += 1) {
    const [name, company, currency] = customers[index % customers.length];
    const invoice = {
      userName: 'Ada Lovelace',
      userEmail: 'ada@analytical.example',
      userAddress: '12 St James Square, London',
      userCompanyName: 'Analytical Engines',
      customerName: name,
      customerEmail: `${name.split(' ')[0].toLowerCase()}@example.com`,
      customerAddress: '2 Difference Lane, London',
      customerCompanyName: company,
      invoiceNumber: `INV-${String(index).padStart(4, '0')}`,
      currency,
      taxRate: '20',
      issueDate: `2026-0${1 + (index % 9)}-1${index % 10}`,
      dueDate: `2026-0${1 + (index % 9)}-2${index % 10}`,
      items: [
        {
          description: 'Design and engineering',
          quantity: String(1 + (index % 4)),
          unitPrice: currency === 'JPY' ? String(95_000 + index * 3_700) : `${950 + index * 37}.50`,
        },
      ],
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
  }
}

try {
  for (const width of [1280, 375]) {
    const account = await createAccount();
    await seed(account.token, 16);
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 860 : 780 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const shot = async (name, fullPage = true) => {
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      // The header is sticky: from the top, a full-page shot shows it where it belongs.
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage });
      console.log(`docs/screenshots/${name}-${width}.png`);
    };
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.evaluate((token) => localStorage.setItem('token', token), account.token);

    await page.goto(`${server.url}/`);
    await page.getByTestId('invoice').first().waitFor();
    await shot('20-dashboard-locked');

    await page.getByRole('button', { name: 'Open invoice INV-0016' }).click();
    const preview = page.getByRole('dialog', { name: 'Invoice Preview' });
    await preview.locator('iframe').waitFor();
    await shot('21-invoice-preview', false);
    await preview.getByRole('tab', { name: 'History' }).click();
    await preview.getByLabel('Invoice history').waitFor();
    await shot('22-invoice-history', false);
    await preview.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${server.url}/invoice/create`);
    await page.getByLabel('Your name').waitFor();
    // 'Next Step' reads as disabled (aria-disabled) but a press still reveals every message.
    await page.getByRole('button', { name: 'Next Step' }).click({ force: true });
    await page.getByText('Please complete all required fields').waitFor();
    await shot('23-wizard-step1-messages');
    // Let the toast go (3 s) so it does not cover the next shots.
    await page.getByText('Please complete all required fields').waitFor({ state: 'hidden' });

    await page.getByLabel('Your email').fill('ada@analytical.example');
    await page.getByLabel('Company name', { exact: true }).fill('Analytical Engines');
    await page.getByLabel('Street and number', { exact: true }).fill('12 St James Square');
    await page.getByLabel('Post code', { exact: true }).fill('SW1Y 4LB');
    await page.getByLabel('City', { exact: true }).fill('London');
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByLabel('Search existing customers').fill('Charl');
    await page.getByRole('button', { name: /Charles Babbage/ }).waitFor();
    await shot('24-wizard-customer-search');
    await page.getByRole('button', { name: /Charles Babbage/ }).click();
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Tax rate (%)').fill('20');
    await page.getByLabel('Description').fill('Analytical engine design review');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Unit price').fill('1250');
    await page.getByRole('button', { name: '+ Add Item' }).click();
    await page.getByLabel('Description').nth(1).fill('Punched card programming');
    await page.getByLabel('Unit price').nth(1).fill('480.75');
    await page.getByLabel('Notes', { exact: true }).fill('Thank you for your business.');
    await shot('25-wizard-step1-filled');

    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Preview Classic' }).waitFor();
    await shot('26-wizard-step2-templates');
    await page.getByRole('button', { name: 'Preview Modern' }).click();
    await page.getByRole('dialog').locator('iframe').waitFor();
    await page.waitForTimeout(800);
    await shot('27-wizard-template-preview', false);
    await page.getByRole('button', { name: 'Select Template' }).click();
    await page.getByRole('button', { name: 'Generate Invoice' }).click();
    await page.getByRole('dialog', { name: /choose a plan/ }).waitFor();
    await shot('28-plans-overlay', false);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
