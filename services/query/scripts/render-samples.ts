// Renders every template (or those named) on sample invoices to PDF and PNG pages for design review:
//   npx tsx services/query/scripts/render-samples.ts [out-dir] [template-id...]
// PNG pages need pdftoppm (Debian: poppler-utils).
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
  plain: sampleInvoiceDocument({
    currency: 'INR',
    paymentMethod: {
      type: 'digital',
      name: 'Pay by card',
      link: 'https://pay.example.com/inv/2025-0042',
      instructions: 'Card payments are processed by Stripe; the receipt is e-mailed to you.',
    },
  }),
  long: sampleInvoiceWithItems(40, 'KWD', { seller: withLogo }),
};

for (const template of invoiceTemplates) {
  if (only.length > 0 && !only.includes(template.id)) continue;
  for (const [variant, invoice] of Object.entries(variants)) {
    const file = join(outDir, `${template.id}-${variant}`);
    writeFileSync(`${file}.pdf`, await renderPdf(invoice, template.id));
    execFileSync('pdftoppm', ['-png', '-r', '70', `${file}.pdf`, file]);
  }
  writeFileSync(join(outDir, `${template.id}.html`), await renderPreview(variants.logo, template.id));
  console.log(template.id);
}
await closeRenderer();
