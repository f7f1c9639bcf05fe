/**
 * Records a fixture event log and the read models the projector built from it, by driving the whole
 * app over HTTP as people would: sign-ups, verification, settings and logo, payment methods, invoices
 * (with and without idempotency keys, revised, deleted), one-time purchases and a subscription through
 * the sandbox checkout, Stripe webhooks through the real SDK against the local fake, sign-out.
 *
 * The log is kept as a test fixture (services/app/src/fixtures/) so that every later version of Remit
 * must still read it and replay it to the same read models. Run it once per era of the event
 * catalogue, never to refresh an existing fixture:
 *
 *   npx tsx --conditions=source services/app/scripts/record-fixture-log.ts <name>
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeStripe } from '@remit/command/testing/fake-stripe';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../src/testing/harness.js';
import { sandboxScenario, stripeScenario } from './fixture-scenarios.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9-]+$/.test(name)) throw new Error('usage: record-fixture-log.ts <name>');
const folder = join(import.meta.dirname, '..', 'src', 'fixtures');

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

async function dump(app: TestApp, file: string) {
  await app.remit.caughtUp();
  const db = app.database.db;
  const events = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select position::text as position, stream_id, version, type, data, metadata, created_at
      from events order by tx_id, position`),
  );
  const lines = events.map((row) =>
    JSON.stringify({
      position: row.position,
      streamId: row.stream_id,
      version: row.version,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      createdAt: new Date(row.created_at as string).toISOString(),
    }),
  );
  await writeFile(join(folder, `${file}.events.jsonl`), `${lines.join('\n')}\n`);
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_name not in ('events', 'checkpoints')
        and table_name not like '%migrations%'
      order by table_name`),
  );
  const readModels: Record<string, unknown[]> = {};
  for (const { table_name } of tables) {
    readModels[table_name] = rowsOf(await db.execute(sql.raw(`select * from "${table_name}" order by 1, 2`)));
  }
  await writeFile(
    join(folder, `${file}.read-models.json`),
    `${JSON.stringify(readModels, (_key, value) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`,
  );
  console.log(`${file}: ${events.length} events, ${tables.length} read-model tables`);
}

const sandbox = await startTestApp('pglite');
try {
  await sandboxScenario(sandbox);
  await dump(sandbox, `${name}-sandbox`);
} finally {
  await sandbox.close();
}

const fake = await startFakeStripe();
const stripe = await startTestApp('pglite', {
  env: {
    STRIPE_SECRET_KEY: 'sk_test_fixture',
    STRIPE_WEBHOOK_SECRET: 'whsec_fixture',
    STRIPE_PRICE_PER_INVOICE: 'price_per_invoice',
    STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
    STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
    STRIPE_API_URL: fake.url,
  },
});
try {
  await stripeScenario(stripe);
  await dump(stripe, `${name}-stripe`);
} finally {
  await stripe.close();
  await fake.close();
}
process.exit(0);
