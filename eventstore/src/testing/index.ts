import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { OpenDatabase, StoreKind } from '../database.js';
import { silentLogger } from '../logger.js';
import { migrateEventStore } from '../migrate.js';
import { IN_MEMORY, openPglite } from '../open-pglite.js';
import { openPostgres } from '../open-postgres.js';
import { loadPgliteTemplate, type TemplateMigrations } from './pglite-template.js';
import { testDatabaseUrl, testEveryStore, testPgliteThread } from './test-config.js';

export type { StoreKind } from '../database.js';

/** The stores every suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testStores(): StoreKind[] {
  return testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The stores for suites that go through HTTP routes, pages and mail: the embedded default only. What
 * differs between the stores (the log, subscriptions, projections, the command pipeline, claims, faults and
 * the cluster) is tested on both by the suites that use `testStores()`; running every route twice
 * doubled the server suites' time and tested the same code. TEST_EVERY_STORE=1 runs these on both too.
 */
export function httpStores(): StoreKind[] {
  return testEveryStore ? testStores() : ['pglite'];
}

/**
 * A migrated, empty database of its own: an in-memory PGlite, or a fresh schema on
 * TEST_DATABASE_URL that is dropped on close. With `migrations`, those are applied too: on PGlite they
 * come with the template (made once per worker), on PostgreSQL they run on the new schema.
 */
export async function openTestDatabase(
  kind: StoreKind,
  options: { applicationName?: string; poolSize?: number; migrations?: TemplateMigrations } = {},
): Promise<OpenDatabase> {
  if (kind === 'pglite') return await openTestPglite(options.migrations);
  const database = await openTestPostgres(options);
  await migrateEventStore(database);
  await options.migrations?.apply(database);
  return database;
}

async function openTestPglite(migrations?: TemplateMigrations): Promise<OpenDatabase> {
  const { client: _client, ...database } = await openPglite({
    dataDir: IN_MEMORY,
    loadDataDir: await loadPgliteTemplate(migrations),
    // Benchmarks compare both ways of running the engine (PGLITE_THREAD, as the services read it).
    thread: testPgliteThread,
    keepThread: true,
  });
  return database;
}

/**
 * The embedded store of `npm start` in `${dataDir}/db` (openEmbedded's place), its files on disk, started from
 * the migrated template rather than initdb (5 to 20 s on a busy machine): for suites that then run the
 * commands a person runs against that DATA_DIR. With `migrations`, the template holds those too, as `npm start`
 * would have left the store, instead of 30 read-model migrations run on it (3 to 6 s).
 */
export async function openTestDataDir(
  dataDir: string,
  options: { migrations?: TemplateMigrations } = {},
): Promise<OpenDatabase> {
  const { client: _client, ...database } = await openPglite({
    dataDir: join(dataDir, 'db'),
    loadDataDir: await loadPgliteTemplate(options.migrations),
    thread: testPgliteThread,
    keepThread: true,
  });
  return database;
}

async function openTestPostgres({
  applicationName,
  poolSize,
}: {
  applicationName?: string;
  poolSize?: number;
}): Promise<OpenDatabase> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const databaseUrl = testDatabaseUrl;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const database = await openPostgres({
    databaseUrl,
    searchPath: schema,
    applicationName,
    poolSize,
    logger: silentLogger,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropSchema(databaseUrl, schema);
    },
  };
}

async function dropSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export { pgliteTemplateFile, type TemplateMigrations } from './pglite-template.js';
export { findPostgresBinaries, type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';
export {
  isCi,
  testDatabaseUrl,
  testEinvoiceDir,
  testEinvoiceSeed,
  testJava,
  testLogLevel,
  testPgliteThread,
  testRedisUrl,
  testSaxonJar,
} from './test-config.js';

/** A whole PostgreSQL database of its own on TEST_DATABASE_URL's server, for tests that start processes. */
export interface ScratchDatabase {
  /** Its connection string: TEST_DATABASE_URL with this database's name. */
  url: string;
  /** Drops it, disconnecting whatever still holds it. */
  drop(): Promise<void>;
}

/** Runs one statement on TEST_DATABASE_URL's own database (creating and dropping databases). */
async function adminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `{prefix}_{random}` beside TEST_DATABASE_URL's database; separate processes can share it. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  if (!testDatabaseUrl) throw new Error('a scratch database needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminStatement(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminStatement(`drop database if exists ${name} with (force)`),
  };
}
