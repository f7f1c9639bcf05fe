import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { computeEInvoiceTotals, epcQrForInvoice, sampleEInvoice } from '@remit/contracts';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceTemplateData } from '../einvoice/template-data.js';
import { RenderPool } from './pool.js';
import { renderInvoicePdf } from './render.js';
import { eInvoiceStressInvoices } from './stress.js';
import { invoiceTemplates } from './templates/registry.js';
import { pdfWords } from './testing/layout-check.js';

// jsqr is CommonJS: under NodeNext its default export is typed as the module object, whose `default` is the function.
const jsQR = jsQRModule.default;
const run = promisify(execFile);

const pool = new RenderPool({ size: 2 });
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'remit-qr-templates-'));
});
afterAll(async () => {
  await pool.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The last page as pixels: where every template prints the payment details. */
async function lastPagePixels(pdf: Buffer, name: string) {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const pages = (await pdfWords(pdf)).length;
  await run('pdftoppm', [
    '-png',
    '-r',
    '150',
    '-f',
    String(pages),
    '-l',
    String(pages),
    '-singlefile',
    file,
    join(dir, name),
  ]);
  return PNG.sync.read(await readFile(join(dir, `${name}.png`)));
}

describe.each(invoiceTemplates.map((template) => template.id))('the %s template', (templateId) => {
  it('draws the GiroCode beside the payment details, and a banking app reads the invoice from it', async () => {
    const invoice = sampleEInvoice({ number: `RE-QR-${templateId}` });
    const { pdf } = await renderInvoicePdf(invoice, templateId, { pool });
    const png = await lastPagePixels(pdf, templateId);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(epcQrForInvoice(invoice, computeEInvoiceTotals(invoice).amountDue));
  });

  it('prints each VAT rate with its base, and the delivery date, as lines of their own', async () => {
    const two = eInvoiceStressInvoices().find((entry) => entry.id === 'two-rates');
    if (!two) throw new Error('the two-rate sample is missing');
    const { pdf } = await renderInvoicePdf(two.invoice, templateId, { pool });
    const lines = (await pdfWords(pdf)).flatMap((page) => page.words.map((word) => word.text)).join(' ');
    const { vatBreakdown } = eInvoiceTemplateData(two.invoice, null);
    expect(vatBreakdown.map((entry) => entry.rate)).toEqual(['19%', '7%']);
    for (const entry of vatBreakdown) {
      expect(lines).toContain(`VAT ${entry.rate} on ${entry.taxable}`);
      expect(lines).toContain(entry.tax);
    }
    // Some templates set labels in spaced capitals ('D E L I V E RY DAT E'): compared without case or spaces.
    const squashed = lines.replace(/\s+/g, '').toLowerCase();
    expect(squashed).toContain('deliverydate');
    expect(squashed).toContain('10march2025');
  });
});
