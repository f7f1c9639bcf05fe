import { readFileSync } from 'node:fs';
import { readEvent } from '@remit/contracts';
import { createEventStore, type OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { migrateReadModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Logs written by earlier versions of Remit (recorded with scripts/record-fixture-log.ts, never
 * refreshed): every later version must read every event of them and build the same read models.
 */
const fixtures = ['log-2026-11-sandbox', 'log-2026-11-stripe'];
const fixture = (name: string, part: string) => new URL(`./fixtures/${name}.${part}`, import.meta.url);

interface FixtureEvent {
  position: string;
  streamId: string;
  version: number;
  type: string;
  schemaVersion?: number;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: string;
}

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

/** One driver's row as another's: times as instants, whole numbers as text (bigint comes either way). */
function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string' && TIMESTAMP.test(value)) return new Date(value).toISOString();
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalise(item)]));
  }
  return value;
}

const sorted = (rows: unknown[]) =>
  rows.map(normalise).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** The log as it was written: the same positions, streams, versions, data, metadata and times. */
async function importLog(database: OpenDatabase, events: FixtureEvent[]) {
  await database.db.transaction(async (tx) => {
    for (const event of events) {
      await tx.execute(sql`
        insert into events (position, stream_id, version, type, schema_version, data, metadata, created_at)
        values (${event.position}::bigint, ${event.streamId}, ${event.version}, ${event.type},
                ${event.schemaVersion ?? 1}, ${JSON.stringify(event.data)}::jsonb,
                ${JSON.stringify(event.metadata)}::jsonb, ${event.createdAt}::timestamptz)`);
    }
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('events', 'position'), (select max(position) from events))`,
    );
  });
}

describe.each(testStores())('logs written by earlier versions, on %s', (kind) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it.each(fixtures)('%s: reads every event and builds the read models it built then', async (name) => {
    const events = readFileSync(fixture(name, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FixtureEvent);
    const expected = JSON.parse(readFileSync(fixture(name, 'read-models.json'), 'utf8')) as Record<
      string,
      unknown[]
    >;

    for (const event of events)
      expect(() => readEvent(event), `${event.type}@${event.position}`).not.toThrow();

    database = await openTestDatabase(kind);
    await migrateReadModels(database);
    await importLog(database, events);
    const store = createEventStore(database);
    const projector = startProjector({
      store,
      projections,
      logger: createLogger({ level: 'silent', name: 'test' }),
    });
    try {
      await projector.caughtUp();
    } finally {
      await projector.stop();
      await store.close();
    }

    for (const [table, rows] of Object.entries(expected)) {
      const live = rowsOf(await database.db.execute(sql.raw(`select * from "${table}"`)));
      expect(sorted(live), table).toEqual(sorted(rows));
    }
    const reports = await replayProjections(database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);
  });
});
