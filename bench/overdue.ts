/**
 * The scheduler's overdue job over many invoices (issue 33): `npm run bench:overdue [invoices] [runs]`. Each run
 * appends `invoices` open invoices all past due (the log's own append, 500 streams a transaction), builds the
 * collection read models, then ticks the scheduler (no timer) until nothing is left to mark, on PGlite and (with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. It prints the time to mark them all, invoices/s, and the
 * same command run one invoice at a time (the time process before the scheduler: one `execute` per invoice) over
 * the first ONE_BY_ONE invoices of a second set. Then the idle cost: the process's CPU per tick once everything
 * is marked, and the old overdue query (a left join on `invoice_reminders`, no partial index) beside the new one.
 */
import { recordOverdue } from '@remit/domain';
import { createEventStore, execute } from '@remit/eventstore';
import { createMailer, eventCodec, setClock } from '@remit/kit';
import { projections, startCollectionClock, startProjector } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { appendInvoices } from './seed-log.js';
import { benchLogger, benchStores, openBenchDatabase } from './support.js';

const INVOICES = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 3);
const ONE_BY_ONE = Number(process.env.ONE_BY_ONE ?? 1_000);
const IDLE_TICKS = 20;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** The overdue query the time process ran on every tick before the scheduler (due.ts at de1861c). */
const OLD_QUERY = sql`select c.invoice_id, c.user_id, c.due_date, coalesce(s.notify_overdue, true)
  from invoice_collection c
  left join invoice_reminders r on r.invoice_id = c.invoice_id
  left join reminder_settings s on s.user_id = c.user_id
  where c.voided = false and c.amount_paid < c.total and c.due_date < '2026-03-01'
    and coalesce(r.overdue, false) = false
  order by c.due_date limit 200`;
const NEW_QUERY = sql`select c.invoice_id from invoice_collection c
  left join reminder_settings s on s.user_id = c.user_id left join users u on u.id = c.user_id
  where c.voided = false and c.overdue = false and c.amount_paid < c.total and c.due_date < '2026-03-01'
  order by c.due_date limit 500`;

interface Figures {
  seconds: number;
  perSecond: number;
  oneByOne: number;
  idleTickMs: number;
  idleCpuMs: number;
  oldQueryMs: number;
  newQueryMs: number;
}

async function run(kind: 'pglite' | 'postgres'): Promise<Figures> {
  const { database, dataDir, dispose } = await openBenchDatabase(kind);
  const store = createEventStore(database, { logger: benchLogger });
  try {
    await appendInvoices(store, INVOICES, { prefix: 'due' });
    await appendInvoices(store, ONE_BY_ONE, { prefix: 'single' });
    const projector = startProjector({
      store,
      projections: projections.filter((projection) => ['collection', 'reminders'].includes(projection.name)),
      logger: benchLogger,
    });
    await projector.caughtUp();
    // 1 March: every invoice (due 10 February) is overdue, for more than a week (no owner mail).
    const clock = setClock('2026-03-01T09:00:00Z');

    // One at a time, as the time process did: read, decide, append per invoice.
    let started = performance.now();
    for (let i = 0; i < ONE_BY_ONE; i++) {
      await execute(
        store,
        recordOverdue({
          invoiceId: `single-${i}`,
          userId: `user-${i % 50}`,
          today: '2026-03-01',
          notifyOwner: false,
        }),
        {
          codec: eventCodec,
          metadata: { userId: null, commandId: `bench-${i}`, causationId: null, client: 'system' },
          now: clock,
        },
      );
    }
    const oneByOne = ONE_BY_ONE / ((performance.now() - started) / 1000);
    await projector.caughtUp();

    const scheduler = startCollectionClock({
      store,
      clock,
      mailer: createMailer(
        { smtpUrl: undefined, from: 'Remit <bench@remit.test>', outboxDir: `${dataDir}/outbox` },
        benchLogger,
      ),
      logger: benchLogger,
      appUrl: 'http://remit.test',
      intervalMs: 0,
    });
    started = performance.now();
    let marked = 0;
    for (;;) {
      const report = await scheduler.tick();
      marked += report.overdue;
      // The next tick reads the read model: the projector applies what this one recorded first.
      await projector.caughtUp();
      if (report.overdue === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (marked !== INVOICES) throw new Error(`marked ${marked} of ${INVOICES}`);

    // Idle: nothing left to mark.
    const cpu = process.cpuUsage();
    started = performance.now();
    for (let i = 0; i < IDLE_TICKS; i++) await scheduler.tick();
    const idleTickMs = (performance.now() - started) / IDLE_TICKS;
    const idleCpuMs = cpuMs(cpu) / IDLE_TICKS;
    const timeQuery = async (query: typeof OLD_QUERY) => {
      await database.db.execute(query);
      const at = performance.now();
      for (let i = 0; i < IDLE_TICKS; i++) await database.db.execute(query);
      return (performance.now() - at) / IDLE_TICKS;
    };
    const oldQueryMs = await timeQuery(OLD_QUERY);
    const newQueryMs = await timeQuery(NEW_QUERY);
    await scheduler.stop();
    await projector.stop();
    const figures = {
      seconds,
      perSecond: INVOICES / seconds,
      oneByOne,
      idleTickMs,
      idleCpuMs,
      oldQueryMs,
      newQueryMs,
    };
    console.log(
      `${kind}: ${INVOICES} invoices marked overdue in ${seconds.toFixed(1)} s = ${figures.perSecond.toFixed(0)}/s ` +
        `(one by one: ${oneByOne.toFixed(0)}/s); idle tick ${idleTickMs.toFixed(1)} ms wall, ${idleCpuMs.toFixed(1)} ms CPU; ` +
        `overdue query over ${INVOICES} marked: old ${oldQueryMs.toFixed(1)} ms, new ${newQueryMs.toFixed(2)} ms`,
    );
    return figures;
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
const summary = (values: number[], digits = 0) =>
  `median ${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

for (const kind of benchStores()) {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run(kind));
  console.log(
    `SUMMARY ${kind} ${INVOICES} invoices, ${RUNS} run(s): seconds ${summary(
      runs.map((r) => r.seconds),
      1,
    )}; ` +
      `invoices/s ${summary(runs.map((r) => r.perSecond))}; one by one/s ${summary(runs.map((r) => r.oneByOne))}; ` +
      `idle tick CPU ms ${summary(
        runs.map((r) => r.idleCpuMs),
        1,
      )}; old query ms ${summary(
        runs.map((r) => r.oldQueryMs),
        1,
      )}; ` +
      `new query ms ${summary(
        runs.map((r) => r.newQueryMs),
        2,
      )}`,
  );
}
