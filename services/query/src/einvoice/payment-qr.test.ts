import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { computeEInvoiceTotals, epcQrForInvoice, sampleEInvoice } from '@remit/contracts';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFontBlobs } from '../pdf/fonts.js';
import { invoiceDataPath, templatesDir } from '../pdf/paths.js';
import { eInvoiceTemplateData } from './template-data.js';

/**
 * The GiroCode survives the whole way: payload → SVG → lib.typ's `payment-qr` → PDF → a page raster → a QR
 * decoder gives back exactly the payload. The page is a small document of the helper alone, since the ten
 * templates do not place the code yet.
 */
// jsqr is CommonJS: under NodeNext its default export is typed as the module object, whose `default` is the function.
const jsQR = jsQRModule.default;

describe('EPC QR code on a rendered page', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'remit-qr-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('decodes to the EPC payload of the invoice', async () => {
    const invoice = sampleEInvoice({ number: 'RE-2025-0777' });
    const totals = computeEInvoiceTotals(invoice);
    const data = eInvoiceTemplateData(invoice, null, totals);
    expect(data.paymentQr).toContain('<svg');

    const compiler = NodeCompiler.create({
      workspace: templatesDir,
      fontArgs: [{ fontBlobs: loadFontBlobs() }],
    });
    const main = join(templatesDir, '__qr_test__.typ');
    compiler.mapShadow(invoiceDataPath, Buffer.from(JSON.stringify(data)));
    compiler.mapShadow(
      main,
      Buffer.from('#import "lib.typ": *\n#set page(paper: "a6")\n#payment-qr(size: 30mm)\n'),
    );
    const pdf = compiler.pdf({ mainFilePath: main });
    await writeFile(join(dir, 'qr.pdf'), pdf);
    await promisify(execFile)('pdftoppm', [
      '-png',
      '-r',
      '200',
      '-singlefile',
      join(dir, 'qr.pdf'),
      join(dir, 'qr'),
    ]);

    const png = PNG.sync.read(await readFile(join(dir, 'qr.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(epcQrForInvoice(invoice, totals.amountDue));
    expect(code?.data.split('\n').at(-1)).toBe('Invoice RE-2025-0777');
  });

  it('is left out where a GiroCode does not apply', () => {
    expect(eInvoiceTemplateData(sampleEInvoice({ currency: 'USD' }), null).paymentQr).toBeNull();
    expect(eInvoiceTemplateData(sampleEInvoice({ paymentMethod: null }), null).paymentQr).toBeNull();
  });
});
