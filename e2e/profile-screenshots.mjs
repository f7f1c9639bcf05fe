// Screenshots of /profile into docs/screenshots/: a subscriber with data at 1280 and 375 px
// (profile-1280.png, profile-375.png) and a user without a subscription (profile-gated-1280.png).
//   node e2e/profile-screenshots.mjs
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { startScreenshotSession } from './support/screenshot-session.mjs';

const { server, outDir, browser, createAccount } = await startScreenshotSession();

/** A 96×96 PNG: an indigo disc with a white ring, as a stand-in company logo. */
function logoPng() {
  const size = 96;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = [0];
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot(x - size / 2 + 0.5, y - size / 2 + 0.5);
      const ring = d > 22 && d < 30;
      const inside = d < 46;
      row.push(...(inside ? (ring ? [255, 255, 255, 255] : [67, 56, 202, 255]) : [0, 0, 0, 0]));
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

async function payInSandbox(token, body) {
  const { url, sessionId } = await call(token, 'POST', '/create-checkout-session', body);
  const paid = await fetch(`${server.url}${new URL(url, server.url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  return sessionId;
}

const customers = [
  ['Charles Babbage', 'Engines Ltd', 'EUR', '2026-10-02', '2026-12-02'],
  ['Grace Hopper', 'Compilers Inc', 'USD', '2026-09-14', '2026-10-14'],
  ['Alan Turing', 'Bletchley Works', 'EUR', '2026-11-03', '2026-12-03'],
  ['Charles Babbage', 'Engines Ltd', 'EUR', '2026-11-10', '2026-12-10'],
  ['Hedy Lamarr', 'Frequency Labs', 'USD', '2026-11-18', '2026-12-18'],
];

async function seedProfile(token) {
  const settings = new FormData();
  settings.set(
    'settings',
    JSON.stringify({
      DefaultDueDays: 30,
      Settings: {
        CompanyEmail: 'billing@analytical.example',
        CompanyAddress: '12 St James Square, London',
        CompanyName: 'Analytical Engines',
        DefaultCurrency: 'EUR',
        UserCompanyVAT: 'GB-987654321',
      },
    }),
  );
  settings.set('logo', new Blob([logoPng()], { type: 'image/png' }), 'logo.png');
  await call(token, 'PUT', '/settings', settings);
  await call(token, 'POST', '/settings/payment-methods', {
    name: 'Business account',
    type: 'bank_transfer',
    isDefault: true,
    bankName: 'Barclays',
    iban: 'GB82 WEST 1234 5698 7654 32',
    swift: 'BARCGB22',
  });
  await call(token, 'POST', '/settings/payment-methods', {
    name: 'Stripe payment link',
    type: 'digital',
    paymentLink: 'https://buy.stripe.com/test_analytical',
    instructions: 'Pay by card; add the invoice number as the reference.',
  });
}

async function seedInvoices(token) {
  const ids = [];
  for (const [index, [name, company, currency, issueDate, dueDate]] of customers.entries()) {
    const invoice = {
      userName: 'Ada Lovelace',
      userEmail: 'ada@analytical.example',
      userAddress: '12 St James Square, London',
      userCompanyName: 'Analytical Engines',
      customerName: name,
      customerEmail: `${name.split(' ')[0].toLowerCase()}@example.com`,
      customerAddress: '2 Difference Lane, London',
      customerCompanyName: company,
      invoiceNumber: `AE-${String(index + 101)}`,
      currency,
      taxRate: '20',
      issueDate,
      dueDate,
      items: [
        {
          description: 'Design and engineering',
          quantity: String(1 + (index % 3)),
          unitPrice: `${850 + index * 115}.00`,
        },
      ],
      templateId: 'classic',
      templateName: 'Classic',
      templateComponentName: 'ClassicTemplate',
      status: 'Draft',
    };
    const form = new FormData();
    form.set('invoice', JSON.stringify(invoice));
    const answer = await call(token, 'POST', '/invoices', form);
    ids.push(answer.invoice.ID);
  }
  return ids;
}

async function shoot(token, width, name, then) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 900 : 800 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${server.url}/profile`);
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  console.log(`docs/screenshots/${name}.png`);
  await then?.(page);
  await context.close();
}

try {
  const subscriber = await createAccount();
  await seedProfile(subscriber.token);
  const [firstInvoice] = await seedInvoices(subscriber.token);
  // One invoice bought on its own shows as Paid and counts as revenue.
  const oneTime = await payInSandbox(subscriber.token, {
    plan: 'per-invoice',
    isOneTime: true,
    invoiceId: firstInvoice,
  });
  await call(subscriber.token, 'POST', '/confirm-one-time-payment', {
    sessionId: oneTime,
    invoiceId: firstInvoice,
  });
  const monthly = await payInSandbox(subscriber.token, { plan: 'pro-monthly' });
  await call(subscriber.token, 'POST', '/confirm-subscription', { sessionId: monthly });
  await shoot(subscriber.token, 1280, 'profile-1280');
  await shoot(subscriber.token, 375, 'profile-375', async (page) => {
    // The add modal at 375 px, with the messages of a wrong IBAN and SWIFT.
    await page.getByRole('button', { name: 'Add Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    await dialog.getByLabel('Name').fill('Savings');
    await dialog.getByLabel('Type').selectOption('bank_transfer');
    await dialog.getByLabel('Bank Name').fill('Barclays');
    await dialog.getByLabel('IBAN').fill('GB82 WEST 1234 5698 7654 33');
    await dialog.getByLabel('SWIFT').fill('BARC');
    await dialog.getByRole('checkbox', { name: 'Make default' }).focus();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, 'profile-modal-375.png') });
    console.log('docs/screenshots/profile-modal-375.png');
  });

  const free = await createAccount();
  await seedProfile(free.token);
  await shoot(free.token, 1280, 'profile-gated-1280');
} finally {
  await browser.close();
  await server.stop();
}
