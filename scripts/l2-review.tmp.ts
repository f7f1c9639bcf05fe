import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { documentLanguages, smallBusinessText } from '@remit/contracts';
import { RenderPool, renderInvoicePdf } from '../services/query/src/pdf/index.js';
import { localisedInvoice } from '../services/query/src/pdf/testing/languages.js';
const run = promisify(execFile);
const pool = new RenderPool({ size: 2 });
const noVat = (l: any) => localisedInvoice(l).items.map((line) => ({ ...line, vat: null }));
try {
  await Promise.all(documentLanguages.flatMap((language) => [
    ['credit-corporate-K', 'corporate', localisedInvoice(language, { typeCode: '381', precedingInvoice: { number: 'RE-2026-0001', issueDate: '2026-11-02' }, vat: { category: 'K', rate: 0, exemption: null }, items: noVat(language) })],
    //['small-classic', 'classic', localisedInvoice(language, { vat: { category: 'E', rate: 0, exemption: { code: null, text: smallBusinessText(language) } }, items: noVat(language) })],
    //['reverse-colourful', 'colourful', localisedInvoice(language, { vat: { category: 'AE', rate: 0, exemption: null }, items: noVat(language) })],
  ].map(async ([kind, template, invoice]) => {
    const { pdf } = await renderInvoicePdf(invoice as any, template as string, { pool });
    const base = `/tmp/l2-review/${language}-${kind}`;
    await writeFile(`${base}.pdf`, pdf);
    await run('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', `${base}.pdf`, base]);
  })));
} finally { await pool.close(); }
