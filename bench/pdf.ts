// PDF rendering benchmark: npm run bench:pdf [-- --renders=10000 --chromium-renders=60]
// Typst through the worker pool (latency, throughput, memory over many renders) and, when Chromium is
// installed, the same invoice as HTML through puppeteer-core's page.pdf() as the baseline.
// Options: --workers=2 --template=classic --recycle-after=500 (renders) --max-rss=256 (MB per worker)
// --cache-age=3 --evict-every=1 (Typst cache policy), --dist to use the compiled renderer (run
// `npx tsc -b services/query` first), whose workers are plain node processes rather than tsx.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleInvoiceDocument } from '@remit/contracts';
import { sampleInvoiceWithItems } from '../services/query/src/pdf/samples.js';
import { type TemplateData, toTemplateData } from '../services/query/src/pdf/template-data.js';

const args = new Map(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]),
);
const totalRenders = Number(args.get('renders') ?? 10_000);
const chromiumRenders = Number(args.get('chromium-renders') ?? 60);
const poolSize = Number(args.get('workers') ?? 2);
const template = args.get('template') ?? 'classic';
const chromiumPath = args.get('chromium') ?? '/usr/bin/chromium';
const maxRendersPerWorker = Number(args.get('recycle-after') ?? 500);
const maxWorkerRssMb = Number(args.get('max-rss') ?? 256);
const cache = { maxAge: Number(args.get('cache-age') ?? 3), every: Number(args.get('evict-every') ?? 1) };
const fromDist = args.has('dist');

// Under tsx the source renderer forks TypeScript workers through tsx's loader; the compiled one forks plain node.
const distEntry = '../services/query/dist/pdf/index.js';
const renderer: typeof import('../services/query/src/pdf/index.js') = fromDist
  ? await import(distEntry)
  : await import('../services/query/src/pdf/index.js');
const { RenderPool, renderPdf } = renderer;

const small = sampleInvoiceDocument();
const large = sampleInvoiceWithItems(200);
// A new number per render, as in production: rendering one identical invoice again would mostly hit Typst's
// memoisation and flatter the numbers.
let serial = 0;
const fresh = <T extends { number: string }>(invoice: T): T => ({ ...invoice, number: `INV-${++serial}` });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * CPU seconds (user + system) from /proc: of a live process, or with `children` of this process's ended and
 * reaped children, which is where a recycled worker's CPU lands, its start-up included.
 */
function cpuSeconds(pid: number | 'self', children = false): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const at = children ? 13 : 11;
  return (Number(fields[at]) + Number(fields[at + 1])) / 100;
}

async function latencies(count: number, render: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await render();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Keeps `concurrency` renders in flight until `count` are done; returns invoices per second. */
async function throughput(count: number, concurrency: number, render: (index: number) => Promise<unknown>) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await render(next++);
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

const pool = new RenderPool({
  size: poolSize,
  maxRendersPerWorker,
  maxWorkerRssBytes: maxWorkerRssMb * 1024 * 1024,
  cache,
});
const startedAt = performance.now();
await pool.ready();
const startupMs = performance.now() - startedAt;
const workerPids = new Set(pool.workerPids());
const rows: Array<[string, string]> = [];
const rss = () => {
  const usage = pool.memoryUsage();
  return usage.workersRss + usage.parentRss;
};
let peakRss = rss();

console.error(`warming up ${poolSize} workers…`);
await throughput(100, poolSize * 2, () => renderPdf(fresh(small), template, { pool }));

const small12 = await latencies(300, () => renderPdf(fresh(small), template, { pool }));
const large200 = await latencies(60, () => renderPdf(fresh(large), template, { pool }));
rows.push([
  '12 items, p50 / p95 (one at a time)',
  `${ms(percentile(small12, 50))} / ${ms(percentile(small12, 95))}`,
]);
rows.push([
  '200 items, p50 / p95 (one at a time)',
  `${ms(percentile(large200, 50))} / ${ms(percentile(large200, 95))}`,
]);

console.error(`rendering ${totalRenders} invoices…`);
let windowPeak = 0;
let windowParentPeak = 0;
const memoryAt = new Map<number, { total: number; parent: number }>();
const checkpoints = new Set([1_000, 10_000, totalRenders]);
let done = 0;
const parentCpuBefore = process.cpuUsage();
// The workers' CPU over the run: what every worker ended so far has used, less what the live ones used before.
const workersCpuBefore =
  cpuSeconds('self', true) + pool.workerPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
const typstRate = await throughput(totalRenders, poolSize * 2, async () => {
  await renderPdf(fresh(small), template, { pool });
  done++;
  if (done % 25 === 0) {
    for (const pid of pool.workerPids()) workerPids.add(pid);
    const now = rss();
    peakRss = Math.max(peakRss, now);
    windowPeak = Math.max(windowPeak, now);
    windowParentPeak = Math.max(windowParentPeak, pool.memoryUsage().parentRss);
  }
  // "Memory after N renders" is the peak over the last thousand renders before N: workers are recycled, so a
  // single reading depends on where each worker is in its cycle, while the window's peak does not.
  if (done % 1_000 === 0) {
    if (checkpoints.has(done)) memoryAt.set(done, { total: windowPeak, parent: windowParentPeak });
    windowPeak = 0;
    windowParentPeak = 0;
  }
});
const parentCpu = process.cpuUsage(parentCpuBefore);
rows.push([`Throughput, ${poolSize} workers (12 items)`, `${typstRate.toFixed(0)} invoices/s`]);
// The parent's share of the CPU (preparing the data, IPC): on 2 cores it is CPU the workers do not get.
rows.push(['Parent CPU per invoice', ms((parentCpu.user + parentCpu.system) / 1000 / totalRenders)]);
rows.push(['Worker start-up (pool ready)', ms(startupMs)]);
rows.push(['Workers started (recycling)', String(workerPids.size)]);
rows.push(['Peak RSS, workers + parent', mb(peakRss)]);
rows.push(['Parent RSS at the end', mb(pool.memoryUsage().parentRss)]);
for (const [count, { total, parent }] of memoryAt)
  rows.push([`RSS after ${count.toLocaleString('en-US')} renders`, `${mb(total)} (parent ${mb(parent)})`]);
const first = memoryAt.get(1_000)?.total;
const last = memoryAt.get(10_000)?.total;
if (first && last)
  rows.push(['Memory growth 1,000 → 10,000', `${(((last - first) / first) * 100).toFixed(1)}%`]);
await pool.close();
const workersCpu = cpuSeconds('self', true) - workersCpuBefore;
// Render work and the start-up of every worker recycled meanwhile: what recycling costs shows here.
rows.push(['Worker CPU per invoice (recycling included)', ms((workersCpu * 1000) / totalRenders)]);
console.error(rows.map((row) => row.join(': ')).join('\n'));

if (existsSync(chromiumPath)) {
  console.error('Chromium baseline…');
  // Chromium's new headless mode sometimes never answers when a tab is opened; a fresh browser usually does.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const failure = await chromiumBaseline().then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (!failure) break;
    console.error(`Chromium attempt ${attempt} failed: ${failure}`);
    if (attempt === 3) rows.push(['Chromium baseline', `failed: ${failure}`]);
  }
} else {
  rows.push(['Chromium baseline', `skipped: no browser at ${chromiumPath}`]);
}

const policy = `recycled at ${maxWorkerRssMb} MB RSS or ${maxRendersPerWorker} renders; evictCache(${cache.maxAge}) every ${cache.every} render(s); ${fromDist ? 'dist, plain node' : 'tsx'}`;
console.log(`| Measure (template '${template}'; ${policy}) | Result |\n| --- | --- |`);
for (const [measure, result] of rows) console.log(`| ${measure} | ${result} |`);

async function chromiumBaseline(): Promise<void> {
  const { default: puppeteer } = await import('puppeteer-core');
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  // Without the networking switches Chromium keeps trying to reach Google's hosts, which this sandbox refuses.
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const html = invoiceHtml(toTemplateData(small, null));
    // Opened one after another: opening tabs concurrently can stall Chromium's new headless mode.
    const pages: Awaited<ReturnType<typeof browser.newPage>>[] = [];
    for (let i = 0; i < poolSize; i++) pages.push(await browser.newPage());
    const pdfWith = async (index: number) => {
      const page = pages[index % pages.length];
      if (!page) throw new Error('no page');
      await page.setContent(html);
      return page.pdf({ format: 'A4', printBackground: true });
    };
    await throughput(10, poolSize, pdfWith);
    const chromium12 = await latencies(chromiumRenders, () => pdfWith(0));
    const chromiumRate = await throughput(chromiumRenders, poolSize, pdfWith);
    rows.push([
      'Chromium page.pdf(), 12 items, p50 / p95',
      `${ms(percentile(chromium12, 50))} / ${ms(percentile(chromium12, 95))}`,
    ]);
    rows.push([`Chromium throughput, ${poolSize} pages`, `${chromiumRate.toFixed(1)} invoices/s`]);
    rows.push(['Typst ÷ Chromium throughput', `${(typstRate / chromiumRate).toFixed(1)}×`]);
  } finally {
    // Also on failure: a browser left running keeps this process (and half a gigabyte) alive.
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The same invoice as a plain HTML page, styled like the classic template, for Chromium's baseline. */
function invoiceHtml(data: TemplateData): string {
  const esc = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  const party = (p: TemplateData['seller']) =>
    `<strong>${esc(p.companyName)}</strong><br>${esc(p.name)}<br>${p.address.map(esc).join('<br>')}<br>${esc(p.email)}<br>VAT ${esc(p.vatId ?? '')}`;
  const items = data.items
    .map(
      (item) =>
        `<tr><td>${item.position}</td><td>${esc(item.description)}</td><td class="n">${item.quantity}</td><td class="n">${esc(item.unitPrice)}</td><td class="n">${esc(item.total)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(data.meta.title)}</title><style>
body{font:9pt system-ui,sans-serif;color:#1f2328;margin:16mm 18mm} h1{color:#1e3a5f;font-size:26pt;margin:0;text-align:right}
.head{display:flex;justify-content:space-between} table{width:100%;border-collapse:collapse;margin-top:7mm}
th{background:#eef2f7;color:#1e3a5f;text-align:left;padding:6px;border-bottom:1px solid #1e3a5f} td{padding:6px;border-bottom:.6pt solid #d5dbe3}
.n{text-align:right;font-variant-numeric:tabular-nums} .totals{width:75mm;margin-left:auto;margin-top:4mm}
.total{background:#1e3a5f;color:#fff;font-weight:bold}
</style></head><body><div class="head"><div>${party(data.seller)}</div><div><h1>INVOICE</h1># ${esc(data.number)}</div></div>
<hr><div class="head"><div>${party(data.customer)}</div><div>Issue date ${data.issueDate}<br>Due date ${data.dueDate}</div></div>
<table><thead><tr><th>#</th><th>Description</th><th>Qty</th><th>Unit price</th><th>Amount</th></tr></thead><tbody>${items}</tbody></table>
<table class="totals"><tr><td>Subtotal</td><td class="n">${data.subtotal}</td></tr><tr><td>Tax (${data.taxRate})</td><td class="n">${data.tax}</td></tr>
<tr class="total"><td>Total</td><td class="n">${data.total}</td></tr></table>
<p>${esc(data.notes ?? '')}</p><p>${esc(data.terms ?? '')}</p></body></html>`;
}
