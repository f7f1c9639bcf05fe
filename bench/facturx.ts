// Factur-X against plain PDF rendering: npm run bench:facturx [-- --renders=300 --template=classic --dist]
// One render worker, the three paths interleaved render by render so they share the machine's noise:
//   plain (v1)      today's route: InvoiceDocument → renderPdf
//   plain (model)   an invoice of the e-invoice model that is not ready (no delivery date) → renderInvoicePdf
//   Factur-X        the same invoice, ready → PDF/A-3b + factur-x.xml + XMP (renderFacturXPdf)
// plus the parts of Factur-X that run outside Typst, each timed alone in this process.
import {
  computeEInvoiceTotals,
  epcQrForInvoice,
  sampleEInvoice,
  sampleInvoiceDocument,
} from '@remit/contracts';
import { eInvoiceXml } from '../services/query/src/einvoice/index.js';
import { paymentQrSvg } from '../services/query/src/einvoice/payment-qr.js';
import { eInvoiceTemplateData } from '../services/query/src/einvoice/template-data.js';

const args = new Map(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]),
);
const renders = Number(args.get('renders') ?? 300);
const template = args.get('template') ?? 'classic';
const fromDist = args.has('dist');

const distEntry = '../services/query/dist/pdf/index.js';
const renderer: typeof import('../services/query/src/pdf/index.js') = fromDist
  ? await import(distEntry)
  : await import('../services/query/src/pdf/index.js');
const { RenderPool, renderPdf, renderInvoicePdf, renderFacturXPdf } = renderer;

const ms = (value: number) => `${value.toFixed(2)} ms`;
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const pool = new RenderPool({ size: 1 });
await pool.ready();

// A new number per render, as in production (the same invoice again would mostly hit Typst's memoisation).
let serial = 0;
const document = () => sampleInvoiceDocument({ number: `INV-${++serial}` });
const ready = () => sampleEInvoice({ number: `RE-${++serial}` });
const notReady = () => ({ ...ready(), delivery: null });

const paths: Array<[string, () => Promise<unknown>]> = [
  ['plain PDF, today (InvoiceDocument → renderPdf)', () => renderPdf(document(), template, { pool })],
  ['plain PDF, e-invoice model not ready', () => renderInvoicePdf(notReady(), template, { pool })],
  ['Factur-X PDF/A-3b (XML + attachment + XMP)', () => renderFacturXPdf(ready(), template, { pool })],
];
const samples = paths.map(() => [] as number[]);
for (let warm = 0; warm < 20; warm++) for (const [, run] of paths) await run();
for (let i = 0; i < renders; i++) {
  for (const [index, [, run]] of paths.entries()) samples[index]?.push(await timed(run));
}
await pool.close();

// The parts outside Typst, in this process.
const invoice = sampleEInvoice();
const totals = computeEInvoiceTotals(invoice);
const payload = epcQrForInvoice(invoice, totals.amountDue) ?? '';
const parts: Array<[string, () => unknown]> = [
  ['CII for Factur-X (readiness + totals + XML)', () => eInvoiceXml(invoice, 'facturx')],
  ['XRechnung UBL', () => eInvoiceXml(invoice, 'xrechnung-ubl')],
  ['template data from the model (incl. QR)', () => eInvoiceTemplateData(invoice, null)],
  ['EPC QR SVG alone', () => paymentQrSvg(payload)],
];
const partRows = parts.map(([label, run]) => {
  for (let i = 0; i < 50; i++) run();
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return [label, `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`];
});

console.log(
  `\nTemplate '${template}', 1 worker, ${renders} renders of each path, interleaved${fromDist ? ', dist' : ''}\n`,
);
console.log('| Path | p50 | p95 | min | max |');
console.log('| --- | --- | --- | --- | --- |');
for (const [index, [label]] of paths.entries()) {
  const times = samples[index] ?? [];
  console.log(
    `| ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(Math.min(...times))} | ${ms(Math.max(...times))} |`,
  );
}
console.log('\n| Part (in the request process) | p50 / p95 |');
console.log('| --- | --- |');
for (const [label, value] of partRows) console.log(`| ${label} | ${value} |`);
