/**
 * Raw append against a peer: `npm run bench:append [seconds per step]`. Remit's event store and Emmett
 * 0.42's (`@event-driven-io/emmett-postgresql`) on the same PostgreSQL, in a database of the run's own,
 * in the same run: W writers each appending one event at a time to new streams (both stores checking
 * that the stream does not exist yet), appends/s at 1, 8 and 32 writers, the stores taking turns (three
 * rounds of `seconds per step` each, alternating which goes first; the mean rate of the rounds). Each
 * store gets a pool of as many connections as the most writers (Emmett through its `pool` option), so
 * neither waits for a connection. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { createEventStore, migrateEventStore, openDatabase } from '@remit/eventstore';
import pg from 'pg';
import { benchLogger, benchPostgresUrl } from './support.js';

const SECONDS = Number(process.argv[2] ?? 4);
const WRITERS = [1, 8, 32];
const ROUNDS = 3;
if (!benchPostgresUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');

const name = `remit_bench_append_${randomBytes(4).toString('hex')}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
};
await admin(`create database ${name}`);
const url = new URL(benchPostgresUrl);
url.pathname = `/${name}`;

const poolSize = Math.max(...WRITERS);
const database = await openDatabase({
  databaseUrl: url.toString(),
  dataDir: '',
  poolSize,
  logger: benchLogger,
});
await migrateEventStore(database);
const remit = createEventStore(database);
const emmettPool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
const emmett = getPostgreSQLEventStore(url.toString(), { connectionOptions: { pool: emmettPool } });
const event = (i: number) => ({ type: 'Deposited', data: { amount: i, note: 'a modest payload' } });

async function measure(writers: number, append: (stream: string, i: number) => Promise<unknown>) {
  let count = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; performance.now() < until; i++) {
        await append(`account-${writer}-${i}-${randomBytes(3).toString('hex')}`, i);
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

try {
  // Each store creates its tables before the clock starts.
  await emmett.appendToStream('warm-up', [event(0)]);
  await remit.append('warm-up', [event(0)], { expectedVersion: 'no_stream' });
  for (const writers of WRITERS) {
    // Rounds alternate which store goes first, so a noisy neighbour does not land on one store only.
    const rates = { remit: [] as number[], emmett: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const turns = [
        async () =>
          rates.emmett.push(
            await measure(writers, (stream, i) =>
              emmett.appendToStream(stream, [event(i)], { expectedStreamVersion: STREAM_DOES_NOT_EXIST }),
            ),
          ),
        async () =>
          rates.remit.push(
            await measure(writers, (stream, i) =>
              remit.append(stream, [event(i)], { expectedVersion: 'no_stream' }),
            ),
          ),
      ];
      if (round % 2 === 1) turns.reverse();
      for (const turn of turns) await turn();
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const remitRate = mean(rates.remit);
    const emmettRate = mean(rates.emmett);
    console.log(
      `${writers} writers: Remit ${remitRate.toFixed(0)} appends/s, Emmett ${emmettRate.toFixed(0)} appends/s, ratio ${(remitRate / emmettRate).toFixed(2)}×`,
    );
  }
} finally {
  await emmett.close();
  await emmettPool.end().catch(() => {});
  await remit.close();
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
