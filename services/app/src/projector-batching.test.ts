import type { OpenDatabase } from '@remit/eventstore';
import { createEventStore } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { migrateReadModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtures, importLog, readFixtureLog, rowsOf, sorted } from './testing/fixture-log.js';

/** Every projection's tables, each sorted, as one value to compare. */
async function snapshot(database: OpenDatabase): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const projection of projections) {
    for (const table of projection.tables) {
      all[table] = sorted(rowsOf(await database.db.execute(sql.raw(`select * from "${table}"`))));
    }
  }
  return all;
}

/** Each projection as it applies one event at a time, without its set-based batch path. */
const perEvent = projections.map(({ applyBatch: _batch, ...projection }) => projection);

/** Runs the projector over the whole log with batches of `batchSize` events, then stops it. */
async function project(database: OpenDatabase, batchSize?: number) {
  const store = createEventStore(database);
  const projector = startProjector({
    store,
    projections: batchSize === 1 ? perEvent : projections,
    logger: createLogger({ level: 'silent', name: 'test' }),
    ...(batchSize ? { batchSize } : {}),
  });
  try {
    await projector.caughtUp();
  } finally {
    await projector.stop();
    await store.close();
  }
}

/** Back to an empty read side: no rows, every checkpoint at the start. */
async function forget(database: OpenDatabase) {
  const tables = projections.flatMap((projection) => projection.tables).map((table) => `"${table}"`);
  await database.db.execute(sql.raw(`truncate ${tables.join(', ')}`));
  await database.db.execute(sql`delete from checkpoints`);
}

describe.each(testStores())('the projector in batches on %s', (kind) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it.each(fixtures)(
    '%s: builds the same rows one event at a time, in batches (set-based where a projection can), and by replay',
    async (name) => {
      database = await openTestDatabase(kind);
      await migrateReadModels(database);
      await importLog(database, readFixtureLog(name));

      await project(database, 1);
      const oneByOne = await snapshot(database);
      expect(Object.values(oneByOne).some((rows) => rows.length > 0)).toBe(true);

      await forget(database);
      await project(database, 7);
      expect(await snapshot(database)).toEqual(oneByOne);

      await forget(database);
      await project(database);
      expect(await snapshot(database)).toEqual(oneByOne);
      const reports = await replayProjections(database.db, projections);
      expect(reports.flatMap((report) => report.differences)).toEqual([]);
    },
  );
});
