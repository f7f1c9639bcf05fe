/**
 * Rebuild speed of every read model: `npm run bench:replay [invoices …]` (default 10000; RUNS=n repeats
 * each size, BATCH=n sets the projector's batch). Appends N invoices (InvoiceIssued, every other one
 * InvoicePaidFor, one in ten revised: 1.6 events an invoice; 50 users, 8 clients each, 2 currencies) in
 * large transactions, then times the live projector building every read model from zero (one loop, its
 * default batch: a rebuild) and `replayProjections` (the auditor's rebuild into scratch tables, one read
 * of the log for all), in events/s of wall time, with the bench process's own CPU time beside (on PGlite
 * that is all of the work; on PostgreSQL the server's is not in it). PGlite, and PostgreSQL with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL. Medians and ranges over the runs at the end. ACCOUNTS=n adds n
 * accounts' own events before the invoices (sign-up, verification, settings, a payment method made the
 * default, a subscription: 6 events each), for the projections of accounts. INDEXES=after drops the read
 * tables' secondary indexes before the live rebuild and builds them again after it, inside its time.
 * The invoices' events are written in their current version, as the app writes them; EVENTS_AS=first writes
 * them as version 1, a log from before every upcaster (each read then upcasts it four times).
 * EACH=1 first rebuilds each projection alone, one after another, and prints its share of the time and CPU.
 */

import { createEventStore, type StreamWrite } from '@remit/eventstore';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { appendInvoices } from './seed-log.js';
import { benchLogger, benchStores, openBenchDatabase } from './support.js';

const SIZES = process.argv.slice(2).map(Number);
const RUNS = Number(process.env.RUNS ?? 1);
const BATCH = process.env.BATCH ? Number(process.env.BATCH) : undefined;
const CHUNK = 500;
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 0);

/** One account's own streams: 6 events for users, settings, payment-methods and subscriptions. */
function account(a: number): StreamWrite[] {
  const userId = `account-${a}`;
  const methodId = `method-${a}`;
  const ids = { paymentMethodId: methodId, userId };
  return [
    {
      streamId: `user-${userId}`,
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'UserSignedUp',
          data: {
            userId,
            name: `Account ${a}`,
            email: `${userId}@example.com`,
            passwordHash: null,
            method: 'password',
          },
        },
        { type: 'EmailVerified', data: { email: `${userId}@example.com`, via: 'email_link' } },
      ],
    },
    {
      streamId: `user-settings-${userId}`,
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'UserSettingsChanged',
          data: {
            userId,
            name: null,
            defaultDueDays: 30,
            companyEmail: `billing-${a}@example.com`,
            companyAddress: '1 Main Street',
            companyName: `Company ${a}`,
            companyVat: null,
            defaultCurrency: 'EUR',
            companyPostalAddress: {
              lines: ['1 Main Street'],
              postCode: '1000',
              city: 'Town',
              region: '',
              country: null,
            },
            companyPhone: '',
            companyTaxNumber: null,
          },
        },
      ],
    },
    {
      streamId: `payment-method-${methodId}`,
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'PaymentMethodAdded',
          data: {
            ...ids,
            name: 'Bank',
            type: 'bank_transfer',
            bankName: 'Bank',
            accountNumber: '123',
            iban: '',
            swift: '',
            paymentLink: '',
            instructions: '',
          },
        },
        { type: 'PaymentMethodMadeDefault', data: { ...ids, previousDefaultId: null } },
      ],
    },
    {
      streamId: `subscription-${userId}`,
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'SubscriptionActivated',
          data: {
            userId,
            planName: 'Pro Monthly',
            billingCycle: 'monthly',
            status: 'active',
            currentPeriodEnd: '2026-03-01T00:00:00.000Z',
            provider: 'sandbox',
            subscriptionId: `sub-${a}`,
            trialEnd: null,
            cancelAtPeriodEnd: false,
            observedAt: '2026-02-01T00:00:00.000Z',
          },
        },
      ],
    },
  ];
}

async function dropSecondaryIndexes(db: import('@remit/eventstore').Database): Promise<string[]> {
  const tables = projections.flatMap((projection) => projection.tables);
  const result = (await db.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows?: { name: string; definition: string }[];
  };
  const rows = result.rows ?? (result as unknown as { name: string; definition: string }[]);
  for (const row of rows) await db.execute(sql.raw(`drop index "${row.name}"`));
  console.log(`dropped ${rows.length} indexes`);
  return rows.map((row) => row.definition);
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/**
 * Each projection rebuilt alone from zero (its own checkpoint; nothing else runs), slowest first: where a
 * rebuild's time goes. Then every checkpoint and read table is emptied again for the timed rebuild.
 */
async function eachAlone(
  store: ReturnType<typeof createEventStore>,
  db: import('@remit/eventstore').Database,
  events: number,
) {
  const costs: { name: string; seconds: number; cpu: number }[] = [];
  for (const projection of projections) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const projector = startProjector({ store, projections: [projection], logger: benchLogger });
    await projector.caughtUp();
    await projector.stop();
    costs.push({
      name: projection.name,
      seconds: (performance.now() - started) / 1000,
      cpu: cpuSeconds(cpu),
    });
  }
  const total = costs.reduce((sum, cost) => sum + cost.cpu, 0);
  for (const cost of costs.sort((a, b) => b.cpu - a.cpu))
    console.log(
      `  ${cost.name.padEnd(24)} ${cost.seconds.toFixed(1).padStart(6)} s, CPU ${cost.cpu.toFixed(1).padStart(5)} s (${((100 * cost.cpu) / total).toFixed(0)} %), ${((1e6 * cost.cpu) / events).toFixed(0)} µs an event`,
    );
  for (const table of projections.flatMap((projection) => projection.tables))
    await db.execute(sql.raw(`delete from "${table}"`));
  await db.execute(sql`delete from checkpoints`);
}

interface Figures {
  events: number;
  live: number;
  replay: number;
}

async function run(kind: 'pglite' | 'postgres', INVOICES: number): Promise<Figures> {
  const { database, dispose } = await openBenchDatabase(kind);
  const store = createEventStore(database, { logger: benchLogger });
  try {
    let events = 0;
    for (let start = 0; start < ACCOUNTS; start += CHUNK / 4) {
      const writes: StreamWrite[] = [];
      for (let a = start; a < Math.min(ACCOUNTS, start + CHUNK / 4); a++) writes.push(...account(a));
      events += writes.reduce((sum, write) => sum + write.events.length, 0);
      await store.appendMany(writes);
    }
    events += await appendInvoices(store, INVOICES, {
      prefix: 'bench',
      followUps: true,
      written: process.env.EVENTS_AS === 'first' ? 'first' : 'current',
    });

    if (process.env.EACH === '1') await eachAlone(store, database.db, events);

    let started = performance.now();
    let cpu = process.cpuUsage();
    const rebuilt = process.env.INDEXES === 'after' ? await dropSecondaryIndexes(database.db) : undefined;
    const projector = startProjector({
      store,
      projections,
      logger: benchLogger,
      ...(BATCH ? { batchSize: BATCH } : {}),
    });
    await projector.caughtUp();
    await projector.stop();
    if (rebuilt) for (const definition of rebuilt) await database.db.execute(sql.raw(definition));
    const live = (performance.now() - started) / 1000;
    console.log(
      `${kind}: ${events} events; live projector from zero ${live.toFixed(1)} s = ${(events / live).toFixed(0)} events/s (process CPU ${cpuSeconds(cpu).toFixed(1)} s)`,
    );

    started = performance.now();
    cpu = process.cpuUsage();
    const reports = await replayProjections(database.db, projections);
    const replay = (performance.now() - started) / 1000;
    const differences = reports.flatMap((report) => report.differences).length;
    console.log(
      `${kind}: ${events} events; replayProjections (${projections.length} projections, one read of the log) ${replay.toFixed(1)} s = ${(events / replay).toFixed(0)} events/s (process CPU ${cpuSeconds(cpu).toFixed(1)} s); differences ${differences}`,
    );
    if (differences > 0) throw new Error('the replay differs from the live read models');
    return { events, live: events / live, replay: events / replay };
  } finally {
    await store.close();
    await dispose();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const summary = (values: number[]) =>
  `median ${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

for (const kind of benchStores()) {
  for (const invoices of SIZES.length > 0 ? SIZES : [10_000]) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(kind, invoices));
    console.log(
      `SUMMARY ${kind} ${runs[0]?.events} events, ${RUNS} run(s), events/s: live rebuild ${summary(runs.map((r) => r.live))}; replayProjections ${summary(runs.map((r) => r.replay))}`,
    );
  }
}
