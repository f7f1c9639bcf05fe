// Renders the time process's e-mails (a payment reminder before and after the due date, the owner's
// notifications) to HTML and screenshots them in Chromium, to look at what a customer and an owner get.
//   npx tsx --conditions=source services/projector/scripts/render-emails.ts [out-dir]
// Writes reminder-email.png (and the others) to docs/screenshots/ unless another directory is given.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { invoiceRecordFromV1 } from '@remit/contracts';
import { chromium } from 'playwright-core';
import { ownerNotificationEmail, reminderEmail } from '../src/time/emails.js';

const out = process.argv[2] ?? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots');
const seller = {
  name: 'Ada Lovelace',
  email: 'ada@engines.example',
  address: '12 Analytical Row, London',
  companyName: 'Engines & Co',
  vatId: null,
};
const content = invoiceRecordFromV1({
  number: 'INV-2026-0042',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  currency: 'EUR',
  taxRate: 2000,
  items: [{ description: 'Design of the engine', quantity: 2, unitPrice: 95050, total: 190100 }],
  subtotal: 190100,
  tax: 38020,
  total: 228120,
  seller,
  customer: {
    name: 'Charles Babbage',
    email: 'charles@difference.example',
    address: '1 Dorset Street, London',
    companyName: 'Difference Works',
    vatId: null,
  },
  notes: '',
  terms: '',
  logo: null,
  paymentMethod: {
    id: 'pm-1',
    name: 'Main account',
    type: 'bank_transfer',
    bankName: 'Deutsche Bank',
    iban: 'DE89370400440532013000',
    swift: 'DEUTDEFF',
  },
  template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
});

const mails = {
  'reminder-email': reminderEmail({
    content,
    today: '2026-11-29',
    to: 'charles@difference.example',
    balance: 228120,
    messageId: '<sample@remit.local>',
  }),
  'reminder-email-overdue': reminderEmail({
    content: {
      ...content,
      paymentMethod: {
        id: 'pm-2',
        name: 'PayPal',
        type: 'digital',
        paymentLink: 'https://paypal.me/adalovelace',
        instructions: 'Please put the invoice number in the note.',
      },
    },
    today: '2026-12-09',
    to: 'charles@difference.example',
    balance: 128120,
    messageId: '<sample@remit.local>',
  }),
  'owner-notification-email': ownerNotificationEmail({
    kind: 'first_view',
    to: 'ada@engines.example',
    ownerName: 'Ada Lovelace',
    content,
    balance: 228120,
    dashboardUrl: 'https://remit.example/',
    messageId: '<sample@remit.local>',
  }),
};

await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const [name, mail] of Object.entries(mails)) {
    const page = await browser.newPage({ viewport: { width: 760, height: 300 }, deviceScaleFactor: 1 });
    // As a mail client shows it: no script runs.
    await page.setContent(mail.html, { waitUntil: 'load' });
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
    await page.close();
    console.info(`--- ${name}.png\nSubject: ${mail.subject}\n\n${mail.text}\n`);
  }
} finally {
  await browser.close();
}
