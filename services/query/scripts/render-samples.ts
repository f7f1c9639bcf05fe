// Renders every template (or those named) on the stress invoices of the layout test (stress.ts) plus a payment
// link, to PDF and PNG pages, and lays them out as a contact sheet for a person to look at:
//   npx tsx --conditions=source services/query/scripts/render-samples.ts [out-dir] [template-id...]
// Writes <out-dir>/<template>-<case>.pdf, its pages as PNG, one sheet per template (<out-dir>/sheet-<template>.png,
// a row per invoice) and <out-dir>/index.html showing every page. Needs pdftoppm (Debian: poppler-utils); the
// PNG sheets need ImageMagick's montage (apt-get install imagemagick), without it only the HTML page is written.
// With --docs, a smaller sheet (first, second and last page of each invoice) goes to
// docs/screenshots/templates-<template>.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type InvoiceDocument, sampleInvoiceDocument } from '@remit/contracts';
import { closeRenderer, invoiceTemplates, renderPdf } from '../src/pdf/index.js';
import { renderInvoicePdf } from '../src/pdf/render.js';
import { sampleLogoDataUrl } from '../src/pdf/samples.js';
import { eInvoiceStressInvoices, stressInvoices } from '../src/pdf/stress.js';

const args = process.argv.slice(2);
const toDocs = args.includes('--docs');
const [outDir = '/tmp/remit-contact-sheet', ...only] = args.filter((arg) => arg !== '--docs');
mkdirSync(outDir, { recursive: true });

const plain = (invoice: InvoiceDocument) => (templateId: string) => renderPdf(invoice, templateId);
const cases: Array<{ id: string; label: string; render: (templateId: string) => Promise<Buffer> }> = [
  ...stressInvoices().map(({ id, label, invoice }) => ({ id, label, render: plain(invoice) })),
  ...eInvoiceStressInvoices().map(({ id, label, invoice }) => ({
    id,
    label,
    render: async (templateId: string) => (await renderInvoicePdf(invoice, templateId)).pdf,
  })),
  {
    id: 'pay-link',
    label: 'payment link, KWD',
    render: plain(
      sampleInvoiceDocument({
        number: 'INV-2025-0077',
        currency: 'KWD',
        seller: { ...sampleInvoiceDocument().seller, logo: { dataUrl: sampleLogoDataUrl } },
        paymentMethod: {
          type: 'digital',
          name: 'Pay by card',
          link: 'https://pay.example.com/checkout/inv/2025-0077?ref=lovelace-consulting-babbage',
          instructions: 'Card payments are processed by Stripe; the receipt is e-mailed to you.',
        },
      }),
    ),
  },
];

const hasMontage = (() => {
  try {
    execFileSync('montage', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const sections: string[] = [];
for (const template of invoiceTemplates) {
  if (only.length > 0 && !only.includes(template.id)) continue;
  const rows: Array<{ label: string; pages: string[] }> = [];
  for (const { id, label, render } of cases) {
    const base = `${template.id}-${id}`;
    for (const stale of readdirSync(outDir).filter((file) => file.startsWith(`${base}-`))) {
      rmSync(join(outDir, stale));
    }
    writeFileSync(join(outDir, `${base}.pdf`), await render(template.id));
    execFileSync('pdftoppm', ['-png', '-r', '60', join(outDir, `${base}.pdf`), join(outDir, base)]);
    const pages = readdirSync(outDir)
      .filter((file) => file.startsWith(`${base}-`) && file.endsWith('.png'))
      .sort((a, b) => pageNumber(a) - pageNumber(b));
    rows.push({ label, pages });
  }
  console.log(
    `${template.id}: ${rows.map((row, i) => `${cases[i]?.id} ${row.pages.length}`).join(', ')} pages`,
  );
  sections.push(
    `<h2>${template.name}</h2>` +
      rows
        .map(
          (row) =>
            `<h3>${row.label} (${row.pages.length} page${row.pages.length > 1 ? 's' : ''})</h3><div class="row">${row.pages
              .map((page) => `<img src="${page}" alt="${page}">`)
              .join('')}</div>`,
        )
        .join(''),
  );
  if (hasMontage) {
    const sheet = join(outDir, `sheet-${template.id}.png`);
    // One tile per page, a row per invoice: the longest invoice sets the row width.
    const width = Math.max(...rows.map((row) => row.pages.length));
    const tiles = rows.flatMap((row) => [
      ...row.pages.map((page) => join(outDir, page)),
      ...Array(width - row.pages.length).fill('null:'),
    ]);
    execFileSync('montage', [
      ...tiles,
      '-tile',
      `${width}x`,
      '-geometry',
      '+6+6',
      '-background',
      '#d9dce1',
      '-title',
      `${template.name}: ${rows.map((row) => row.label).join(' / ')}`,
      '-pointsize',
      '14',
      sheet,
    ]);
    if (toDocs) {
      // The committed copy is smaller: each invoice's first, second and last page, 220 px wide.
      const picked = rows.map((row) => [...new Set([row.pages[0], row.pages[1], row.pages.at(-1)])]);
      const docsTiles = picked.flatMap((pages) => [
        ...pages.filter((page): page is string => page !== undefined).map((page) => join(outDir, page)),
        ...Array(3 - pages.filter(Boolean).length).fill('null:'),
      ]);
      execFileSync('montage', [
        ...docsTiles,
        '-tile',
        '3x',
        '-geometry',
        '220x+4+4',
        '-background',
        '#d9dce1',
        // A 256-colour palette: a quarter of the bytes, and pages of text look the same.
        `PNG8:${join('docs/screenshots', `templates-${template.id}.png`)}`,
      ]);
    }
  }
}
writeFileSync(
  join(outDir, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Templates under stress</title><style>body{font:14px system-ui;background:#e5e7eb;margin:24px}.row{display:flex;gap:8px;flex-wrap:wrap}img{box-shadow:0 1px 3px #0003;background:#fff}</style>${sections.join('')}`,
);
console.log(
  `Contact sheet: ${join(outDir, 'index.html')}${hasMontage ? ` and ${join(outDir, 'sheet-*.png')}` : ''}`,
);
await closeRenderer();

function pageNumber(file: string): number {
  return Number(/-(\d+)\.png$/.exec(file)?.[1] ?? 0);
}
