/**
 * The IssueInvoice load that bench/commands.ts and bench/lag.ts share: one command over HTTP, and the
 * projection lag of each command measured from its answer.
 */
import { projectionNames } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../services/app/src/testing/harness.js';
import { invoicePayload } from '../services/app/src/testing/invoices.js';

export async function issue(
  app: TestApp,
  token: string,
  number: string,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: number })));
  const started = performance.now();
  const response = await fetch(`${app.base}/api/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`POST /invoices answered ${response.status} ${body}`);
  const answered = performance.now();
  return {
    latency: answered - started,
    answered,
    position: BigInt(response.headers.get('x-remit-position') ?? 0),
    id: (JSON.parse(body) as { invoice: { ID: string } }).invoice.ID,
  };
}

/**
 * Lag as a person sees it: from a command's answer until the invoice is on the first page of `GET
 * /invoices`, asking every `everyMs`. Without `position` the server answers what its read models hold;
 * with it the request carries `X-Remit-Position` as the web app's do, and the server holds it until the
 * read models have applied that position. Resolves with the lag in ms.
 */
export async function untilListed(
  app: TestApp,
  token: string,
  id: string,
  answered: number,
  options: { everyMs?: number; position?: bigint } = {},
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.position !== undefined) headers['x-remit-position'] = String(options.position);
  for (;;) {
    const response = await fetch(`${app.base}/api/invoices?limit=10`, { headers });
    const body = (await response.json()) as { invoices?: { ID: string }[] };
    if (response.status !== 200) throw new Error(`GET /invoices answered ${response.status}`);
    if (body.invoices?.some((invoice) => invoice.ID === id)) return performance.now() - answered;
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 5));
  }
}

/**
 * Projection lag: from a command's answer to the moment every read model has applied its position,
 * seen by polling every `everyMs` (so lag is measured to within that, and the poll is load of its own).
 */
export function watchLag(app: TestApp, everyMs = 10) {
  const pending = new Map<bigint, number>();
  const lags: number[] = [];
  let running = true;
  const names = projectionNames.map((name) => `'${name}'`).join(', ');
  const loop = (async () => {
    while (running || pending.size > 0) {
      if (pending.size > 0) {
        const positions = [...pending.keys()].map(String).join(', ');
        const result = (await app.database.db.execute(
          sql.raw(`select e.position::text as position from events e where e.position in (${positions})
            and not exists (select 1 from checkpoints c where c.name in (${names})
              and (e.tx_id, e.position) > (c.tx_id, c.position))
            and (select count(*) from checkpoints c where c.name in (${names})) = ${projectionNames.length}`),
        )) as unknown as { rows?: { position: string }[] } | { position: string }[];
        const rows = Array.isArray(result) ? result : (result.rows ?? []);
        const now = performance.now();
        for (const row of rows) {
          const position = BigInt(row.position);
          lags.push(now - (pending.get(position) as number));
          pending.delete(position);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    add: (position: bigint, answered: number) => pending.set(position, answered),
    stop: async () => {
      running = false;
      await loop;
      return lags.sort((a, b) => a - b);
    },
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
