import { readEvent } from '@remit/contracts';
import type { OpenDatabase } from '@remit/eventstore';
import { createEventStore } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger, type RecordedEvent } from '@remit/kit';
import {
  applyEvents,
  applyProjections,
  projections,
  replayProjections,
  startProjector,
} from '@remit/projector';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtures, importLog, readFixtureLog, rowsOf } from './testing/fixture-log.js';
import { appMigrations } from './testing/migrations.js';
import { batchSizes, eventSequence } from './testing/projection-events.js';

const tables = projections.flatMap((projection) => projection.tables);

/**
 * Every projection's tables as one value to compare: each table's rows as their jsonb text (keys in jsonb's own
 * order, so equal rows print alike), sorted. One statement, not one a table: the property reads the 35 tables
 * twice a run, 50 runs a store, and the round trips were a fifth of its time (D-552).
 */
async function snapshot(database: OpenDatabase): Promise<Record<string, string[]>> {
  const columns = tables.map(
    (table, index) =>
      `(select coalesce(json_agg(line order by line), '[]') from (select to_jsonb(t)::text as line from "${table}" t) lines) as t${index}`,
  );
  const [row] = rowsOf<Record<string, string[]>>(
    await database.db.execute(sql.raw(`select ${columns.join(', ')}`)),
  );
  return Object.fromEntries(tables.map((table, index) => [table, row?.[`t${index}`] ?? []]));
}

/** Invoices whose kept ordinal is not their place in their user's list, oldest first (D-420): none. */
async function misnumbered(database: OpenDatabase): Promise<unknown[]> {
  return rowsOf(
    await database.db.execute(sql`select i.id, i.ordinal, r.place from invoices i
      join (select id, row_number() over (partition by user_id order by issued_position, id) as place
        from invoices) r on r.id = i.id
      where i.ordinal <> r.place`),
  );
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

/**
 * Back to an empty read side: no rows, every checkpoint at the start. One statement of deletes, not a
 * `truncate`: truncating 35 tables made new files for each, ~470 ms a time on PostgreSQL (100 times in the
 * property), against a few ms to delete their handful of rows. The tables have no triggers or keys to differ.
 */
async function forget(database: OpenDatabase) {
  const deletes = tables.map((table, index) => `emptied_${index} as (delete from "${table}")`);
  await database.db.execute(sql.raw(`with ${deletes.join(', ')} delete from checkpoints`));
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
      database = await openTestDatabase(kind, { migrations: appMigrations });
      await importLog(database, readFixtureLog(name));

      await project(database, 1);
      const oneByOne = await snapshot(database);
      expect(Object.values(oneByOne).some((rows) => rows.length > 0)).toBe(true);
      expect(await misnumbered(database)).toEqual([]);

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

/** Applies `events` to every projection, cut into consecutive batches of the given sizes (the rest in one). */
async function applyInBatches(
  database: OpenDatabase,
  projectionsUsed: typeof projections,
  events: RecordedEvent[],
  sizes: number[],
) {
  let start = 0;
  for (const size of [...sizes, events.length]) {
    if (start >= events.length) break;
    const batch = events.slice(start, start + size);
    start += size;
    await database.db.transaction(async (tx) => {
      if (projectionsUsed === perEvent) {
        for (const projection of projectionsUsed) await applyEvents(projection, tx, batch);
      } else {
        // As the projector applies a batch: side by side, writes held until the next read (PostgreSQL).
        await applyProjections(
          tx,
          projectionsUsed.map((projection) => [projection, batch]),
        );
      }
    });
  }
}

describe.each(testStores())('set-based batches on %s', (kind) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('any sequence of events, cut into batches of any sizes, builds the same rows as one event at a time', async () => {
    const opened = await openTestDatabase(kind, { migrations: appMigrations });
    database = opened;
    await fc.assert(
      fc.asyncProperty(
        eventSequence().chain((stored) => fc.tuple(fc.constant(stored), batchSizes(stored.length))),
        async ([stored, sizes]) => {
          const events = stored.map((event) => readEvent(event) as RecordedEvent);
          await forget(opened);
          // The reference applies every event on its own (perEvent), all in one transaction: a commit between
          // events changes no row, and up to 60 commits a run were most of the property's time.
          await applyInBatches(opened, perEvent, events, [events.length]);
          const oneByOne = await snapshot(opened);
          expect(await misnumbered(opened)).toEqual([]);
          await forget(opened);
          await applyInBatches(opened, projections, events, sizes);
          expect(await snapshot(opened)).toEqual(oneByOne);
        },
      ),
      { numRuns: 50 },
    );
  }, 300_000);
});
