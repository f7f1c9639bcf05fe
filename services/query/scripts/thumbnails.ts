// Renders every template on the sample invoice and writes its gallery thumbnail (first page, 400 px wide):
//   npx tsx services/query/scripts/thumbnails.ts
// Needs pdftoppm (Debian: poppler-utils). The PNGs are committed, so the server never rasterises.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleInvoiceDocument } from '@remit/contracts';
import { closeRenderer, invoiceTemplates, renderPdf, thumbnailPath } from '../src/pdf/index.js';
import { sampleLogoDataUrl } from '../src/pdf/samples.js';

const scratch = mkdtempSync(join(tmpdir(), 'remit-thumbnails-'));
const seller = { ...sampleInvoiceDocument().seller, logo: { dataUrl: sampleLogoDataUrl } };
const invoice = sampleInvoiceDocument({ seller });
try {
  for (const template of invoiceTemplates) {
    const pdf = join(scratch, `${template.id}.pdf`);
    writeFileSync(pdf, await renderPdf(invoice, template.id));
    const out = thumbnailPath(template.id).replace(/\.png$/, '');
    execFileSync('pdftoppm', [
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      '-scale-to-x',
      '400',
      '-scale-to-y',
      '-1',
      pdf,
      out,
    ]);
    console.log(`${template.id}: ${out}.png`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  await closeRenderer();
}
