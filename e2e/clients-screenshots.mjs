// Screenshots of /clients, a client's page and /items into docs/screenshots/ at 1280 and 375 px
// (clients-1280.png, clients-375.png, client-page-1280.png, client-modal-375.png, items-1280.png, items-375.png).
//   node e2e/clients-screenshots.mjs
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startScreenshotSession } from './support/screenshot-session.mjs';

const { server, outDir, browser, createAccount } = await startScreenshotSession();

async function call(token, method, path, body) {
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() };
  const init = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(`${server.url}/api${path}`, init);
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

const clients = [
  ['Engines Ltd', 'Charles Babbage', 'charles@example.com', 'London', 'GB', 'EUR', 30],
  ['Compilers Inc', 'Grace Hopper', 'grace@example.com', 'Arlington', 'US', 'USD', 14],
  ['Müller Design GmbH', 'Anna Müller', 'anna@mueller.example', 'Berlin', 'DE', 'EUR', 14],
  ['', 'Hedy Lamarr', 'hedy@example.com', 'Vienna', 'AT', 'EUR', null],
  ['株式会社 東京デザイン', '山田 太郎', 'yamada@tokyo.example', 'Tokyo', 'JP', 'JPY', 30],
];

async function seed(token) {
  let first = null;
  for (const [companyName, contactName, email, city, country, currency, terms] of clients) {
    const { client } = await call(token, 'POST', '/clients', {
      companyName,
      contactName,
      email,
      address: { street: '1 Main Street', postCode: '10115', city, country },
      currency,
      paymentTermsDays: terms,
    });
    first ??= client;
  }
  for (const [index, [name, email, currency]] of [
    ['Charles Babbage', 'charles@example.com', 'EUR'],
    ['Grace Hopper', 'grace@example.com', 'USD'],
    ['Charles Babbage', 'charles@example.com', 'EUR'],
    ['Alan Turing', 'alan@bletchley.example', 'EUR'],
  ].entries()) {
    const form = new FormData();
    form.set(
      'invoice',
      JSON.stringify({
        userName: 'Ada Lovelace',
        userEmail: 'ada@analytical.example',
        userAddress: '12 St James Square, London',
        userCompanyName: 'Analytical Engines',
        customerName: name,
        customerEmail: email,
        customerAddress: '2 Difference Lane, London',
        customerCompanyName: 'Engines Ltd',
        invoiceNumber: `AE-${index + 101}`,
        currency,
        taxRate: '20',
        issueDate: `2026-11-0${index + 1}`,
        dueDate: `2026-12-0${index + 1}`,
        items: [
          { description: 'Design and engineering', quantity: '2', unitPrice: `${850 + index * 115}.00` },
        ],
        templateId: 'classic',
        templateName: 'Classic',
        templateComponentName: 'ClassicTemplate',
        status: 'Draft',
      }),
    );
    await call(token, 'POST', '/invoices', form);
  }
  for (const item of [
    { name: 'Design work', description: 'Screens, flows and prototypes', price: '85', currency: 'EUR' },
    {
      name: 'Workshop day',
      description: 'On site, up to 8 hours',
      price: '950',
      currency: 'EUR',
      unit: 'DAY',
    },
    {
      name: 'Hosting',
      description: 'Monthly, billed in advance',
      price: '29.90',
      currency: 'USD',
      unit: 'MON',
    },
  ]) {
    await call(token, 'POST', '/items', item);
  }
  return first;
}

async function shoot(token, width, path, heading, name, then) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 900 : 800 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  console.log(`docs/screenshots/${name}.png`);
  await then?.(page);
  await context.close();
}

try {
  const { token } = await createAccount();
  const first = await seed(token);
  await shoot(token, 1280, '/clients', 'Clients', 'clients-1280');
  await shoot(token, 375, '/clients', 'Clients', 'clients-375', async (page) => {
    await page.getByRole('button', { name: 'New client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New client' });
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, 'client-modal-375.png') });
    console.log('docs/screenshots/client-modal-375.png');
  });
  await shoot(token, 1280, '/clients', 'Clients', 'clients-import-1280', async (page) => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const csv = [
      '\uFEFFFirma;Ansprechpartner;E-Mail;Straße;PLZ;Ort;Land;Zahlungsziel',
      'Schmidt & Partner;Eva Schmidt;eva@schmidt.example;Ringstraße 4;80331;München;Deutschland;14',
      'Bäckerei Groß;Paul Groß;paul@gross.example;Marktplatz 1;50667;Köln;Germany;30',
      'Ohne Mail;Max Muster;max@;;;;DE;14',
      'Atelier Dupont;Marie Dupont;marie@dupont.example;12 rue de la Paix;75002;Paris;FR;soon',
    ].join('\r\n');
    await page.getByLabel(/Choose a CSV file/).setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await page.getByRole('table', { name: 'Import preview' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, 'clients-import-1280.png') });
    console.log('docs/screenshots/clients-import-1280.png (dialog)');
  });
  await shoot(token, 1280, `/clients/${first.id}`, 'Engines Ltd', 'client-page-1280');
  await shoot(token, 375, `/clients/${first.id}`, 'Engines Ltd', 'client-page-375');
  await shoot(token, 1280, '/items', 'Items', 'items-1280');
  await shoot(token, 375, '/items', 'Items', 'items-375');
} finally {
  await browser.close();
  await server.stop();
}
