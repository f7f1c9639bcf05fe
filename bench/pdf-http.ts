/**
 * The PDF download over HTTP against the render inside it: `npm run bench:pdf-http [seconds per step]`.
 *
 * The all-in-one app (its default render workers, D-522: one on 2 cores) on PGlite, and on PostgreSQL with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL. One subscriber with 40 invoices of 12 lines each and a logo,
 * downloaded round-robin so Typst's memoisation does not serve the same document twice in a row. They lack
 * what EN 16931 needs (structured addresses, a payment method), so the download is the plain PDF, as the
 * line printed first says; Factur-X adds about 0.6 ms to a render (`npm run bench:facturx`). At 1 and 8
 * clients (BENCH_CLIENTS), three levels, each timed per request:
 *
 *   route      GET /api/invoices/{id}/pdf over HTTP (session check, ownership and lock, loads, render)
 *   download   the route's work without HTTP: openInvoice + renderDownload, in this process
 *   render     renderInvoicePdf alone, with the model and the logo already in hand
 *
 * "route ÷ render" is the cost around the render (issue 18: 132 ms p50 at 8 clients against a ~5 ms
 * render). The levels run one after the other at each client count.
 */
import { eInvoiceReadiness } from '@remit/contracts';
import { createEventStore } from '@remit/eventstore';
import { openTestDatabase } from '@remit/eventstore/testing';
import { startTestApp } from '../services/app/src/testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from '../services/app/src/testing/invoices.js';
import { subscribe } from '../services/app/src/testing/profile.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { logoDataUrl, templateIdFor } from '../services/query/src/invoices/document.js';
import { invoiceFacts } from '../services/query/src/invoices/einvoice.js';
import { openInvoice } from '../services/query/src/invoices/locking.js';
import { invoiceRendering } from '../services/query/src/invoices/rendering.js';
import type { InvoiceRow } from '../services/query/src/invoices/repository.js';
import { renderInvoicePdf } from '../services/query/src/pdf/render.js';
import { percentile } from './issue-load.js';
import { benchStores } from './support.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8').split(',').map(Number);
const INVOICES = 40;

const items = Array.from({ length: 12 }, (_, line) => ({
  description: `Consulting week ${line + 1}, architecture review and pairing`,
  quantity: 1 + (line % 4),
  unitPrice: `${120 + line * 7}.50`,
}));

async function measure(label: string, clients: number, once: (index: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const index = next++ % INVOICES;
        const start = performance.now();
        await once(index);
        times.push(performance.now() - start);
      }
    }),
  );
  const rate = times.length / ((performance.now() - started) / 1000);
  times.sort((a, b) => a - b);
  const p = (q: number) => percentile(times, q).toFixed(1);
  console.log(
    `${label.padEnd(9)} ${String(clients).padStart(2)} clients: ${rate.toFixed(1).padStart(6)}/s, p50 ${p(50)} ms, p95 ${p(95)} ms, p99 ${p(99)} ms (${times.length})`,
  );
  return percentile(times, 50);
}

for (const kind of benchStores()) {
  const database = await openTestDatabase(kind, kind === 'postgres' ? { poolSize: 16 } : {});
  const app = await startTestApp(kind, { database, env: { LOG_LEVEL: 'silent' } });
  try {
    const user = await signedInUser(app, `pdf-http-${kind}@example.com`);
    await subscribe(app, user);
    const ids: string[] = [];
    for (let n = 0; n < INVOICES; n++) {
      const answer = await postInvoice(
        app,
        user.token,
        invoicePayload({ invoiceNumber: `PDF-${n}`, items, customerCompanyVAT: 'FR40303265045' }),
        { logo: { bytes: tinyPng, type: 'image/png' } },
      );
      if (answer.status !== 201)
        throw new Error(`IssueInvoice answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      ids.push((answer.body.invoice as { ID: string }).ID);
    }
    await app.remit.caughtUp();
    const store = createEventStore(database);
    const { renderDownload } = invoiceRendering(store, (row: InvoiceRow) =>
      invoiceFacts(database.db, store, row),
    );
    const rows = await Promise.all(
      ids.map((id) => openInvoice({ db: database.db, billingOn: true }, user.user.id, id)),
    );
    const models = await Promise.all(rows.map((row) => invoiceFacts(database.db, store, row)));
    const logos = await Promise.all(
      rows.map((row) => (row.content.logo ? logoDataUrl(store, row.content.logo.id) : undefined)),
    );
    const facturX = models.every(({ invoice }) => eInvoiceReadiness(invoice, 'en16931').length === 0);

    const route = async (index: number) => {
      const answer = await fetch(`${app.base}/api/invoices/${ids[index]}/pdf`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') {
        throw new Error(`the PDF route answered ${answer.status}`);
      }
    };
    const download = async (index: number) =>
      renderDownload(
        await openInvoice({ db: database.db, billingOn: true }, user.user.id, ids[index] as string),
      );
    const render = (index: number) => {
      const row = rows[index];
      const logo = logos[index];
      if (!row) throw new Error('no row');
      return renderInvoicePdf(models[index]?.invoice as never, templateIdFor(row.content.template.id), {
        ...(logo ? { logo: { dataUrl: logo } } : {}),
        createdAt: row.updatedAt,
      });
    };
    // Warm-up: the render workers start, Typst loads its fonts, the statements are prepared.
    for (let n = 0; n < 2 * INVOICES; n++) await route(n % INVOICES);
    console.log(
      `${kind}: ${INVOICES} invoices of 12 lines with a logo, ${facturX ? 'Factur-X' : 'not all EN 16931-ready: plain PDF'}`,
    );
    for (const clients of CLIENTS) {
      const medians = {
        route: await measure('route', clients, route),
        download: await measure('download', clients, download),
        render: await measure('render', clients, render),
      };
      console.log(
        `${kind} ${clients} clients: route ÷ render ${(medians.route / medians.render).toFixed(2)}×, download ÷ render ${(medians.download / medians.render).toFixed(2)}× (p50s)`,
      );
    }
    await store.close();
  } finally {
    await app.close();
  }
}
