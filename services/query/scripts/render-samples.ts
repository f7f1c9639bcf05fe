// Renders every template (or those named) on sample invoices to PDF and PNG pages for design review:
//   npx tsx --conditions=source services/query/scripts/render-samples.ts [out-dir] [template-id...]
// PNG pages need pdftoppm (Debian: poppler-utils). Prints each file's page count: the 12-item samples must fit
// on one page.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleInvoiceDocument } from '@remit/contracts';
import { closeRenderer, invoiceTemplates, renderPdf, renderPreview } from '../src/pdf/index.js';
import { sampleInvoiceWithItems, sampleLogoDataUrl } from '../src/pdf/samples.js';

const [outDir = '/tmp/remit-templates', ...only] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const withLogo = { ...sampleInvoiceDocument().seller, logo: { dataUrl: sampleLogoDataUrl } };
const variants = {
  logo: sampleInvoiceDocument({ seller: withLogo }),
  plain: sampleInvoiceDocument({ currency: 'JPY' }),
  digital: sampleInvoiceDocument({
    currency: 'KWD',
    seller: withLogo,
    paymentMethod: {
      type: 'digital',
      name: 'Pay by card',
      link: 'https://pay.example.com/inv/2025-0042',
      instructions: 'Card payments are processed by Stripe; the receipt is e-mailed to you.',
    },
  }),
  long: sampleInvoiceWithItems(200, 'KWD', { seller: withLogo }),
  // Long notes and terms must continue on the next page rather than leave a gap on the first.
  wordy: sampleInvoiceDocument({
    seller: withLogo,
    notes: Array(5).fill(sampleInvoiceDocument().notes).join(' '),
    terms: Array(9).fill(sampleInvoiceDocument().terms).join(' '),
  }),
};

for (const template of invoiceTemplates) {
  if (only.length > 0 && !only.includes(template.id)) continue;
  const pageCounts: string[] = [];
  for (const [variant, invoice] of Object.entries(variants)) {
    const file = join(outDir, `${template.id}-${variant}`);
    writeFileSync(`${file}.pdf`, await renderPdf(invoice, template.id));
    execFileSync('pdftoppm', ['-png', '-r', '80', `${file}.pdf`, file], { stdio: 'ignore' });
    const pages = /Pages:\s+(\d+)/.exec(
      execFileSync('pdfinfo', [`${file}.pdf`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    )?.[1];
    pageCounts.push(`${variant} ${pages}`);
  }
  writeFileSync(join(outDir, `${template.id}.html`), await renderPreview(variants.logo, template.id));
  console.log(`${template.id}: ${pageCounts.join(', ')} pages`);
}
await closeRenderer();
