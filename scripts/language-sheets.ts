// Contact sheets of every template in every document language (issue 30): npm run screenshots:languages
// One PNG per language in docs/screenshots/ (languages-de.png, …): the first page of each of the ten templates,
// as the download renders it, five across; and the customer's e-mails in that language side by side
// (mails-de.png: the invoice as sent, the reminders before, on and after the due date, the credit note's, the
// quote's and the quote-accepted mail; services/app/src/testing/customer-mails.ts, the mail-languages test's own fixture). Needs pdftoppm (poppler-utils) and Chromium (CHROMIUM_PATH).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { documentLanguages, languageNames } from '@remit/contracts';
import { chromium } from 'playwright';
import { customerMailsIn } from '../services/app/src/testing/customer-mails.js';
import { RenderPool, renderInvoicePdf } from '../services/query/src/pdf/index.js';
import { invoiceTemplates } from '../services/query/src/pdf/templates/registry.js';
import { localisedInvoice } from '../services/query/src/pdf/testing/languages.js';

const run = promisify(execFile);
const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
const work = await mkdtemp(join(tmpdir(), 'language-sheets-'));
const pool = new RenderPool({ size: 2 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1300, height: 800 }, deviceScaleFactor: 1 });
  for (const language of documentLanguages) {
    const images = await Promise.all(
      invoiceTemplates.map(async (template) => {
        const { pdf } = await renderInvoicePdf(localisedInvoice(language), template.id, { pool });
        const base = join(work, `${language}-${template.id}`);
        await writeFile(`${base}.pdf`, pdf);
        await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', `${base}.pdf`, base]);
        const png = (await readFile(`${base}.png`)).toString('base64');
        return `<figure><img src="data:image/png;base64,${png}"><figcaption>${template.name}</figcaption></figure>`;
      }),
    );
    await page.setContent(`<!doctype html><meta charset="utf-8"><style>
      body { margin: 0; padding: 16px; background: #eef0f3; font: 14px system-ui, sans-serif; color: #374151; }
      h1 { font-size: 16px; margin: 0 0 12px; }
      main { display: grid; grid-template-columns: repeat(5, 1fr); gap: 14px; }
      figure { margin: 0; } img { width: 100%; border: 1px solid #d0d4da; background: white; display: block; }
      figcaption { text-align: center; padding-top: 4px; }
    </style><h1>${languageNames[language]} (${language})</h1><main>${images.join('')}</main>`);
    const sheet = join(out, `languages-${language}.png`);
    await page.screenshot({ path: sheet, fullPage: true });
    console.log(sheet);

    // The e-mails, each in a frame of a mail client's width, under its subject line.
    const frames = Object.values(customerMailsIn(language)).map(
      (mail) =>
        `<section><p>${String(mail.subject).replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`)}</p><iframe srcdoc="${String(mail.html).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe></section>`,
    );
    await page.setContent(`<!doctype html><meta charset="utf-8"><style>
      body { margin: 0; padding: 16px; background: #e5e7eb; font: 13px system-ui, sans-serif; color: #111827; }
      main { display: grid; grid-template-columns: repeat(3, 1fr); gap: 14px; }
      p { margin: 0 0 6px; font-weight: 600; } iframe { width: 100%; height: 1000px; border: 1px solid #d0d4da; background: white; }
    </style><main>${frames.join('')}</main>`);
    const mails = join(out, `mails-${language}.png`);
    await page.screenshot({ path: mails, fullPage: true });
    console.log(mails);
  }
} finally {
  await browser.close();
  await pool.close();
  await rm(work, { recursive: true, force: true });
}
