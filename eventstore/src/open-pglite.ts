import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { checkSchemaName, type Database, type OpenDatabase, searchPathSetting } from './database.js';
import { createInProcessLocks } from './session-lock.js';

export const IN_MEMORY = 'memory://';

/**
 * Sized for a laptop: PostgreSQL's server defaults (128 MB shared buffers) put an idle PGlite at
 * ~350 MB RSS; these bring it to ~185 MB. PGlite writes them to postgresql.conf on every start.
 */
const LAPTOP_SETTINGS = [
  'shared_buffers = 16MB',
  'work_mem = 2MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
  'wal_buffers = 1MB',
];

export interface PgliteOptions {
  /** A directory, or `memory://`. */
  dataDir: string;
  searchPath?: string | undefined;
  /** A tarball from `dumpDataDir()` to start from instead of running initdb (tests). */
  loadDataDir?: Blob | undefined;
}

export async function openPglite(options: PgliteOptions): Promise<OpenDatabase & { client: PGlite }> {
  const inMemory = options.dataDir === IN_MEMORY;
  if (!inMemory) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(inMemory ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    postgresqlconf: LAPTOP_SETTINGS,
    // On Node the data directory is written through (PGlite's sync step is a no-op for its node and
    // memory file systems), yet awaiting that step cost ~4 ms a query here: 250 vs 1,700 selects/s.
    relaxedDurability: true,
    // Trigram search over the invoice list, confined to the user by a btree_gin key (read-model
    // migrations 0002 and 0013 create the extensions).
    extensions: { pg_trgm, btree_gin },
  });
  const { searchPath } = options;
  if (searchPath) {
    checkSchemaName(searchPath);
    // PGlite is one session, so a SET holds for every later query.
    await client.exec(
      `create schema if not exists ${searchPath}; set search_path to ${searchPathSetting(searchPath)}`,
    );
  }
  const db: Database = drizzle({ client });
  return {
    db,
    kind: 'pglite',
    ...(searchPath ? { searchPath } : {}),
    client,
    listen: (channel, callback) => client.listen(channel, callback),
    ...createInProcessLocks(),
    close: () => client.close(),
  };
}

/** The embedded store of `npm start`: `${dataDir}/db`, or in memory for `memory://`. */
export function openEmbedded(dataDir: string, searchPath?: string) {
  return openPglite({ dataDir: dataDir === IN_MEMORY ? IN_MEMORY : join(dataDir, 'db'), searchPath });
}
