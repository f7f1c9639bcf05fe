/**
 * Period exports at 1,000 and 10,000 invoices: `npm run bench:exports [runs]` (default 3 runs per step).
 *
 * The whole app over HTTP on PGlite (the embedded store; BENCH_STORES=postgres uses BENCH_DATABASE_URL or
 * TEST_DATABASE_URL). One invoice is issued through `POST /invoices` (two VAT rates, a real e-invoice model); its
 * InvoiceIssued is then appended again for every other invoice of the size with a new id, number and day
 * (a quarter's spread), straight into the log in transactions of 500, and the chain's keeper links them all.
 * Each step downloads one export of the quarter (invoices CSV, invoices XLSX, DATEV, the ZIP archive with every
 * PDF and XML), reading the body to the end, while this process's RSS is sampled every 20 ms: the figure is
 * the peak above the RSS just before the download (the app runs in this process; the PDF render workers are
 * processes of their own, recycled at 256 MB, and not counted), and the JS heap's peak above its start (what
 * the export's own code holds; on PGlite the RSS also holds the embedded database's memory). Median and range
 * over the runs.
 *
 * With `node --expose-gc` (NODE_OPTIONS) a full GC runs every 2 s during a download and the last column is the
 * live heap's peak above start: what the export holds, not garbage not collected yet.
 *
 * Env: BENCH_SIZES (default 1000,10000), BENCH_KINDS (default csv,xlsx,datev,archive), BENCH_STORES.
 */
import { createEventStore, type StreamWrite } from '@remit/eventstore';
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { invoicePayload, postInvoice } from '../services/app/src/testing/invoices.js';
import { subscribe } from '../services/app/src/testing/profile.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { benchPostgresUrl } from './support.js';

const RUNS = Number(process.argv[2] ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const KINDS = (process.env.BENCH_KINDS ?? 'csv,xlsx,datev,archive').split(',');
const STORES = (process.env.BENCH_STORES ?? 'pglite').split(',') as ('pglite' | 'postgres')[];
const QUARTER = 'from=2025-01-01&to=2025-03-31';

const paths: Record<string, string> = {
  csv: `/exports/invoices?${QUARTER}&delimiter=;`,
  xlsx: `/exports/invoices?${QUARTER}&format=xlsx`,
  datev: `/exports/datev?${QUARTER}`,
  archive: `/exports/archive?${QUARTER}`,
};

const mb = (bytes: number) => bytes / 1024 / 1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function seed(app: TestApp, token: string, userId: string, size: number) {
  const created = await postInvoice(
    app,
    token,
    invoicePayload({
      userCompanyName: 'Müller & Söhne',
      customerCompanyName: 'Øresund ApS',
      invoiceNumber: 'RE-0',
      issueDate: '2025-01-02',
      taxRate: 19,
      items: [
        { description: 'Design', quantity: 10, unitPrice: '85.00' },
        { description: 'Brand book', quantity: 1, unitPrice: '100.00', vat: { category: 'S', rate: 700 } },
        { description: 'Photography', quantity: 3, unitPrice: '29.00' },
      ],
    }),
  );
  if (created.status !== 201)
    throw new Error(`seed invoice: ${created.status} ${JSON.stringify(created.body)}`);
  await app.applied(BigInt(String(created.body.position)));
  const store = createEventStore(app.database);
  const [issued] = await store.readStream(`invoice-${(created.body.invoice as { ID: string }).ID}`);
  if (!issued) throw new Error('no InvoiceIssued');
  const template = issued.data as Record<string, unknown> & { eInvoice: Record<string, unknown> };
  for (let start = 1; start < size; start += 500) {
    const writes: StreamWrite[] = [];
    for (let i = start; i < Math.min(size, start + 500); i++) {
      const invoiceId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const day = `2025-${String(1 + (i % 3)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
      const number = `RE-${i}`;
      writes.push({
        streamId: `invoice-${invoiceId}`,
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'InvoiceIssued',
            data: {
              ...template,
              invoiceId,
              userId,
              number,
              issueDate: day,
              eInvoice: { ...template.eInvoice, number, issueDate: day },
            },
            metadata: { userId },
          },
        ],
      });
    }
    await store.appendMany(writes);
  }
  await app.remit.caughtUp();
}

/** One download read to the end, with the peak RSS above the start and the time. */
async function measure(app: TestApp, token: string, path: string) {
  const before = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = before;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  // With --expose-gc: what the export holds, not what it has not collected yet (a full GC every 2 s, then the heap).
  const gc = (globalThis as { gc?: () => void }).gc;
  let livePeak = 0;
  const liveSampler = gc
    ? setInterval(() => {
        gc();
        livePeak = Math.max(livePeak, process.memoryUsage().heapUsed - heapBefore);
      }, 2_000)
    : null;
  const started = performance.now();
  const response = await fetch(`${app.base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (liveSampler) clearInterval(liveSampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    seconds,
    bytes,
    rssBefore: mb(before),
    rssPeak: mb(peak),
    growth: mb(peak - before),
    heapGrowth: mb(heapPeak - heapBefore),
    liveGrowth: mb(livePeak),
  };
}

console.log(`Node ${process.version}, ${RUNS} runs a step, ${new Date().toISOString()}`);
console.log(
  '| store | invoices | export | bytes | time s, median (range) | RSS peak MB | RSS above start MB | JS heap above start MB | live heap above start MB (--expose-gc) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const kind of STORES) {
  if (kind === 'postgres' && !benchPostgresUrl) continue;
  for (const size of SIZES) {
    const app = await startTestApp(kind);
    try {
      const owner = await signedInUser(app, `bench-${size}@example.com`, 'Anna Schmidt');
      // Exports of documents and money are a plan's.
      await subscribe(app, owner);
      const seeding = performance.now();
      await seed(app, owner.token, owner.user.id, size);
      console.error(`seeded ${size} invoices in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      for (const step of KINDS) {
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          (globalThis as { gc?: () => void }).gc?.();
          runs.push(await measure(app, owner.token, paths[step] as string));
        }
        const range = (values: number[], digits: number) =>
          `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
        console.log(
          `| ${kind} | ${size.toLocaleString('en')} | ${step} | ${runs[0]?.bytes.toLocaleString('en')} | ${range(
            runs.map((r) => r.seconds),
            2,
          )} | ${range(
            runs.map((r) => r.rssPeak),
            0,
          )} | ${range(
            runs.map((r) => r.growth),
            0,
          )} | ${range(
            runs.map((r) => r.heapGrowth),
            0,
          )} | ${range(
            runs.map((r) => r.liveGrowth),
            1,
          )} |`,
        );
      }
    } finally {
      await app.close();
    }
  }
}
