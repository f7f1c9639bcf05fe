import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateEventStore, type OpenDatabase, openDatabase } from '@remit/eventstore';
import { createLogger, migrateSharedState } from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';

/** PostgreSQL for the benchmarks that compare stores, when one is given. */
export const benchPostgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
export const benchLogger = createLogger({ level: 'silent', name: 'bench' });

/**
 * A fresh, migrated database for one benchmark run: PGlite in a temporary folder, or a schema of its own
 * on PostgreSQL. `dispose` drops the schema (PostgreSQL), closes it and removes the folder.
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<{
  database: OpenDatabase;
  dataDir: string;
  dispose(): Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-bench-'));
  const schema = `bench_${Date.now()}`;
  const database = await openDatabase({
    databaseUrl: kind === 'postgres' ? benchPostgresUrl : undefined,
    dataDir,
    ...(kind === 'postgres' ? { searchPath: schema } : {}),
    logger: benchLogger,
  });
  await migrateEventStore(database);
  await migrateSharedState(database);
  await migrateReadModels(database);
  return {
    database,
    dataDir,
    async dispose() {
      if (kind === 'postgres') {
        await database.db.execute(`drop schema "${schema}" cascade` as never).catch(() => {});
      }
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The stores a benchmark compares: PGlite, and PostgreSQL when configured. */
export const benchStores = (): ('pglite' | 'postgres')[] => {
  const all: ('pglite' | 'postgres')[] = benchPostgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  // BENCH_STORES=postgres (or pglite) runs one of them only (a profile of one store).
  const only = process.env.BENCH_STORES?.split(',');
  return only ? all.filter((kind) => only.includes(kind)) : all;
};
