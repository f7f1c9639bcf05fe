/**
 * Moving a log between stores: `npm run bench:move [invoices]` (default 65,000: ~104k events). Appends
 * N invoices to the embedded store (InvoiceIssued, one in ten revised, every other one paid), exports the
 * log to a JSON Lines file, and imports it into a PostgreSQL schema of its own (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL; PGlite again without one) without rebuilding the read models (rebuild speed is
 * `npm run bench:replay`'s). Prints events/s of each step, the file's size, the checksum both sides
 * agree on, and the process's peak RSS sampled every 50 ms during each step (memory must not grow with
 * the log).
 */

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createEventStore } from '@remit/eventstore';
import { exportLog } from '../services/app/src/event-log-file.js';
import { importLog } from '../services/app/src/event-log-import.js';
import { appendInvoices } from './seed-log.js';
import { benchLogger, benchPostgresUrl, openBenchDatabase } from './support.js';

const INVOICES = Number(process.argv[2] ?? 65_000);
async function peakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; peakHeapMb: number; seconds: number }> {
  let peak = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      peakMb: Math.round(peak / 1048576),
      peakHeapMb: Math.round(peakHeap / 1048576),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    clearInterval(timer);
  }
}

const source = await openBenchDatabase('pglite');
const target = await openBenchDatabase(benchPostgresUrl ? 'postgres' : 'pglite');
try {
  const store = createEventStore(source.database, { logger: benchLogger });
  const events = await appendInvoices(store, INVOICES, { prefix: 'move', followUps: true });
  await store.close();
  console.log(
    `appended ${events} events to PGlite; rss ${Math.round(process.memoryUsage().rss / 1048576)} MB`,
  );

  const file = join(source.dataDir, 'log.jsonl');
  const exported = await peakRss(async () => {
    const out = createWriteStream(file);
    const summary = await exportLog(source.database.db, async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    return summary;
  });
  const bytes = (await stat(file)).size;
  console.log(
    `export (PGlite → file): ${exported.result.events} events in ${exported.seconds.toFixed(1)} s = ${Math.round(exported.result.events / exported.seconds)} events/s; ${(bytes / 1048576).toFixed(1)} MB; peak rss ${exported.peakMb} MB, heap ${exported.peakHeapMb} MB; sha256 ${exported.result.sha256}`,
  );

  const imported = await peakRss(() =>
    importLog(target.database, createReadStream(file), { logger: benchLogger, rebuild: false }),
  );
  console.log(
    `import (file → ${target.database.kind}): ${imported.result.events} events in ${imported.seconds.toFixed(1)} s = ${Math.round(imported.result.events / imported.seconds)} events/s; peak rss ${imported.peakMb} MB, heap ${imported.peakHeapMb} MB; sha256 ${imported.result.sha256} (${imported.result.sameAsFile ? 'same as the file' : 'DIFFERS'})`,
  );
} finally {
  await source.dispose();
  await target.dispose();
}
