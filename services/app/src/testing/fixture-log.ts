import { readFileSync } from 'node:fs';
import { type OpenDatabase, takeWriterLockSql } from '@remit/eventstore';
import { sql } from 'drizzle-orm';

export const fixtures = ['log-2026-11-sandbox', 'log-2026-11-stripe'];
export const fixture = (name: string, part: string) =>
  new URL(`../fixtures/${name}.${part}`, import.meta.url);

export interface FixtureEvent {
  position: string;
  streamId: string;
  version: number;
  type: string;
  schemaVersion?: number;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export { rowsOf } from '@remit/eventstore';

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

export const sorted = (rows: unknown[]) =>
  rows.map(normalise).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/**
 * Columns read models gained after the fixture logs were recorded, per table. A fixture's rows say what the
 * projections built then; these columns had no "then", so they are checked by their own tests, and any other
 * column a table gains makes the comparison fail until it is named here.
 */
const addedSinceRecorded: Record<string, readonly string[]> = {
  invoices: ['ordinal'], // D-420, migration 0030
};

/** A table's live rows as the fixture recorded them: sorted, without the columns added since. */
export function asRecorded(table: string, rows: unknown[]): unknown[] {
  const added = new Set(addedSinceRecorded[table] ?? []);
  if (added.size === 0) return sorted(rows);
  return sorted(
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).filter(([column]) => !added.has(column)),
      ),
    ),
  );
}

/** The log as it was written: the same positions, streams, versions, data, metadata and times. */
export async function importLog(database: OpenDatabase, events: FixtureEvent[]) {
  await database.db.transaction(async (tx) => {
    // Every writer of events takes the writer lock first (eventstore/src/writer-guard.ts).
    await tx.execute(sql.raw(takeWriterLockSql));
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

/** A fixture log's events, as recorded. */
export const readFixtureLog = (name: string): FixtureEvent[] =>
  readFileSync(fixture(name, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as FixtureEvent);
