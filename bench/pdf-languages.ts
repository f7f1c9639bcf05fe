// PDF size per document language and script: npm run bench:pdf-languages
// A typical invoice (three lines, two VAT rates, a service period, GiroCode) in each language through the
// download's path (renderInvoicePdf: Factur-X when ready), in every template; then the same German invoice with
// its customer and lines in Greek, Cyrillic, Arabic, Hebrew, Chinese and emoji. Prints bytes (median and range over
// the ten templates) and the fonts each PDF embeds (pdffonts: every one must be a subset).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { documentLanguages, type EInvoice } from '@remit/contracts';
import { RenderPool, renderInvoicePdf } from '../services/query/src/pdf/index.js';
import { invoiceTemplates } from '../services/query/src/pdf/templates/registry.js';
import { localisedInvoice } from '../services/query/src/pdf/testing/languages.js';

const run = promisify(execFile);
const pool = new RenderPool({ size: 1 });
const work = await mkdtemp(join(tmpdir(), 'pdf-languages-'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function fontsOf(pdf: Buffer): Promise<{ names: string[]; allSubset: boolean }> {
  const file = join(work, 'probe.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdffonts', [file]);
  const rows = stdout.split('\n').slice(2).filter(Boolean);
  // pdffonts: name type encoding emb sub uni object ID; a subset's name has the ABCDEF+ tag.
  return {
    names: rows.map((row) => (row.split(/\s+/)[0] ?? '').replace(/^[A-Z]{6}\+/, '')),
    allSubset: rows.every((row) => /^[A-Z]{6}\+/.test(row)),
  };
}

const scripts: EInvoice = (() => {
  const base = localisedInvoice('de');
  return {
    ...base,
    customer: { ...base.customer, companyName: 'Ωμέγα Σχεδιασμός · ООО «Дизайн» · 北京设计有限公司' },
    items: base.items.map((line, index) => ({
      ...line,
      description:
        ['تصميم الهوية البصرية 🎨', 'עיצוב גרפי ופיתוח אתרים', 'Фотосъёмка и ロゴデザイン ✨'][index] ??
        line.description,
    })),
  };
})();

try {
  const cases: Array<[string, EInvoice]> = [
    ...documentLanguages.map((language) => [language, localisedInvoice(language)] as [string, EInvoice]),
    ['de + Greek, Cyrillic, Arabic, Hebrew, CJK, emoji', scripts],
  ];
  for (const [label, invoice] of cases) {
    const sizes: number[] = [];
    let fonts: { names: string[]; allSubset: boolean } | undefined;
    let facturX = true;
    for (const template of invoiceTemplates) {
      const rendered = await renderInvoicePdf(invoice, template.id, { pool });
      sizes.push(rendered.pdf.length);
      facturX &&= rendered.facturX;
      if (template.id === 'classic') fonts = await fontsOf(rendered.pdf);
    }
    console.log(
      `${label}: median ${kb(median(sizes))} (${kb(Math.min(...sizes))}–${kb(Math.max(...sizes))}) over ${sizes.length} templates, ` +
        `Factur-X ${facturX ? 'yes' : 'no'}; classic embeds ${fonts?.names.join(', ')}; all subset: ${fonts?.allSubset}`,
    );
  }
} finally {
  await pool.close();
  await rm(work, { recursive: true, force: true });
}
