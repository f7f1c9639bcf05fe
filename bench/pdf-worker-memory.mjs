// `npm run bench:pdf-worker-memory`: where a PDF render worker's memory goes (issue 28 goal 2, D-520). One Typst
// compiler in this process, as a worker runs it (start with `node --max-semi-space-size=2`, as the pool forks
// them), read by stage: RSS, of it anonymous (V8's heap and Typst's native memory) and file-backed (node's
// binary, Typst's library: shared between processes), V8's heap and ArrayBuffers. RENDERS (default 500) PDF
// renders of template 'classic', each of a new invoice number, or of one invoice with SAME=1; WIDE=1 renders
// through the wide fonts' compiler. Compare MALLOC_TRIM_THRESHOLD_=131072 (what the pool sets, D-521) with
// none. Needs `npx tsc -b services/query`. Linux only (reads /proc).
import { readFileSync } from 'node:fs';

const dist = '../services/query/dist/pdf/';
const renders = Number(process.env.RENDERS ?? 500);
const { sampleInvoiceDocument } = await import('@remit/contracts');
const { toTemplateData } = await import(`${dist}template-data.js`);

function stage(label) {
  const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1]) / 1024;
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
  const { heapTotal, arrayBuffers } = process.memoryUsage();
  console.log(
    `${label.padEnd(20)} RSS ${kb('Rss').toFixed(0)} MB (anon ${kb('Anonymous').toFixed(0)}, file ${(kb('Rss') - kb('Anonymous')).toFixed(0)}); V8 heap ${mb(heapTotal)} MB, ArrayBuffers ${mb(arrayBuffers)} MB`,
  );
}

stage('node');
const { InvoiceCompiler } = await import(`${dist}compiler.js`);
stage('Typst loaded');
const compiler = new InvoiceCompiler();
stage('compiler made');
const invoice = sampleInvoiceDocument();
const marks = new Set([1, 10, 100, 250, 500, 1000, 2000]);
const started = performance.now();
for (let i = 1; i <= renders; i++) {
  const number = process.env.SAME ? 'INV-1' : `INV-${i}`;
  const data = JSON.stringify({ ...toTemplateData({ ...invoice, number }, null), voided: null });
  compiler.render({
    kind: 'pdf',
    templateId: 'classic',
    data,
    ...(process.env.WIDE ? { wideFonts: true } : {}),
  });
  if (marks.has(i)) stage(`${i} renders`);
}
console.log(`${((performance.now() - started) / renders).toFixed(1)} ms a render (wall)`);
