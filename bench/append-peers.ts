/**
 * The raw-append benches' two stores on one PostgreSQL database of the run's own: Remit's event store and
 * Emmett 0.42's (`@event-driven-io/emmett-postgresql`), each with a pool of `poolSize` connections (Emmett
 * through its `pool` option) so neither waits for a connection, the same event and the same append (one
 * event to a new stream, both stores checking that the stream does not exist yet). `close` ends both and
 * drops the database. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { createEventStore, migrateEventStore, openDatabase } from '@remit/eventstore';
import pg from 'pg';
import { benchLogger, benchPostgresUrl } from './support.js';

export type AppendOne = (stream: string, i: number) => Promise<unknown>;

export interface AppendPeers {
  /** The run's database, and its oid (to tell its WAL records from other databases'). */
  name: string;
  oid: number;
  /** A connection to the server's default database, for looking at the server during the run. */
  admin: pg.Client;
  remit: AppendOne;
  emmett: AppendOne;
  close(): Promise<void>;
}

const event = (i: number) => ({ type: 'Deposited', data: { amount: i, note: 'a modest payload' } });

export async function openAppendPeers(prefix: string, poolSize: number): Promise<AppendPeers> {
  if (!benchPostgresUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: benchPostgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const { oid } = (await admin.query(`select oid from pg_database where datname = $1`, [name])).rows[0];
  const url = new URL(benchPostgresUrl);
  url.pathname = `/${name}`;

  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    poolSize,
    logger: benchLogger,
  });
  await migrateEventStore(database);
  const remitStore = createEventStore(database);
  const emmettPool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
  // The drop at the end ends the pools' idle connections from the server side.
  emmettPool.on('error', () => {});
  const emmettStore = getPostgreSQLEventStore(url.toString(), { connectionOptions: { pool: emmettPool } });

  const remit: AppendOne = (stream, i) =>
    remitStore.append(stream, [event(i)], { expectedVersion: 'no_stream' });
  const emmett: AppendOne = (stream, i) =>
    emmettStore.appendToStream(stream, [event(i)], { expectedStreamVersion: STREAM_DOES_NOT_EXIST });
  // Each store creates its tables before any clock starts.
  await emmett('warm-up', 0);
  await remit('warm-up', 0);

  return {
    name,
    oid: Number(oid),
    admin,
    remit,
    emmett,
    async close() {
      await emmettStore.close();
      await emmettPool.end().catch(() => {});
      await remitStore.close();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
