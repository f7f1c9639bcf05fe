/**
 * The append with and without the tamper-evident chain (issue 32, docs/decisions.md D-250):
 * `npm run bench:append-chain [seconds per turn] [rounds]`. Two databases of the run's own on one
 * PostgreSQL, one with the chain keeper running beside the writers (as the projector runs it), one
 * without; W writers each appending one event at a time to new streams (checking the stream does not
 * exist), at 1, 8 and 32 writers, the two taking turns (alternating which goes first). Prints each
 * side's median appends/s with the range, the ratio of the medians, the load average before and after,
 * and whether the chain verifies at the end. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  createEventStore,
  type EventStore,
  migrateEventStore,
  type OpenDatabase,
  openDatabase,
  verifyChain,
} from '@remit/eventstore';
import pg from 'pg';
import { benchLogger, benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 3);
const ROUNDS = Number(process.argv[3] ?? 5);
const WRITERS = [1, 8, 32];
if (!benchPostgresUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
const admin = new pg.Client({ connectionString: benchPostgresUrl });
await admin.connect();

async function open(label: string): Promise<{ name: string; database: OpenDatabase; store: EventStore }> {
  const name = `remit_bench_chain_${label}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(benchPostgresUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    poolSize: Math.max(...WRITERS) + 2,
    logger: benchLogger,
  });
  await migrateEventStore(database);
  const store = createEventStore(database, { logger: benchLogger });
  return { name, database, store };
}

async function measure(store: EventStore, writers: number): Promise<number> {
  let count = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; performance.now() < until; i++) {
        const stream = `account-${writer}-${i}-${randomBytes(3).toString('hex')}`;
        await store.append(stream, [{ type: 'Deposited', data: { amount: i, note: 'a modest payload' } }], {
          expectedVersion: 'no_stream',
        });
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

const plain = await open('plain');
const chained = await open('chained');
const keeper = chained.store.keepChain();
try {
  console.log(
    `load average before: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}`,
  );
  console.log('| writers | without chain, appends/s (range) | with the keeper (range) | ratio |');
  console.log('|---|---|---|---|');
  for (const writers of WRITERS) {
    const rates = { plain: [] as number[], chained: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const turns = [
        async () => rates.plain.push(await measure(plain.store, writers)),
        async () => rates.chained.push(await measure(chained.store, writers)),
      ];
      if (round % 2 === 1) turns.reverse();
      for (const turn of turns) await turn();
    }
    const ratio = median(rates.chained) / median(rates.plain);
    console.log(
      `| ${writers} | ${median(rates.plain).toFixed(0)} (${range(rates.plain)}) | ${median(rates.chained).toFixed(0)} (${range(rates.chained)}) | ${ratio.toFixed(3)} |`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}`,
  );
  await keeper.caughtUp();
  const started = performance.now();
  const report = await verifyChain(chained.database.db);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `chain: ${report.ok ? 'verifies' : 'BROKEN'}, ${report.checked} links, ${report.pending} not linked yet; ` +
      `verify took ${seconds.toFixed(1)} s (${(report.checked / seconds).toFixed(0)} events/s)`,
  );
} finally {
  await keeper.stop();
  for (const side of [plain, chained]) {
    await side.store.close();
    await side.database.close();
    await admin.query(`drop database if exists ${side.name} with (force)`);
  }
  await admin.end();
}
