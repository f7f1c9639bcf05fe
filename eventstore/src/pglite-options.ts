import type { PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

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

/** How the embedded engine is started, on the server's thread or its own (pglite-worker.ts). */
export const PGLITE_OPTIONS = {
  postgresqlconf: LAPTOP_SETTINGS,
  // On Node the data directory is written through (PGlite's sync step is a no-op for its node and
  // memory file systems), yet awaiting that step cost ~4 ms a query here: 250 vs 1,700 selects/s.
  relaxedDurability: true,
  // Trigram search over the invoice list, confined to the user by a btree_gin key (read-model
  // migrations 0002 and 0013 create the extensions).
  extensions: { pg_trgm, btree_gin },
} satisfies PGliteOptions;
