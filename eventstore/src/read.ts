import { and, asc, eq, gte, inArray, max, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from './database.js';
import { events } from './schema.js';
import type { LogCheckpoint, StoredEvent } from './types.js';
import { horizonSql, toWatch, type WriterWatch, watchWritersColumns } from './writer-guard.js';

export const START: LogCheckpoint = { txId: 0n, position: 0n };

export function toStoredEvent(row: typeof events.$inferSelect): StoredEvent {
  return { ...row, metadata: row.metadata ?? {} };
}

export async function readStream(db: Database, streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.streamId, streamId), gte(events.version, fromVersion)))
    .orderBy(asc(events.version));
  return rows.map(toStoredEvent);
}

/**
 * The read of several streams, made once per database handle and sent as a named statement: every
 * command and every session check runs it, and building it with Drizzle and having PostgreSQL parse and
 * plan it each time was a share of both.
 */
const streamReads = new WeakMap<Database, ReturnType<typeof prepareStreamRead>>();

function prepareStreamRead(db: Database) {
  return db
    .select()
    .from(events)
    .where(sql`${events.streamId} = any(${sql.placeholder('streamIds')}::text[])`)
    .orderBy(asc(events.streamId), asc(events.version))
    .prepare('remit_read_streams_v1');
}

/** The events of several streams at once: a map from stream id to its events in version order. */
export async function readStreams(db: Database, streamIds: string[]): Promise<Map<string, StoredEvent[]>> {
  const found = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
  if (streamIds.length === 0) return found;
  let read = streamReads.get(db);
  if (!read) {
    read = prepareStreamRead(db);
    streamReads.set(db, read);
  }
  const rows = await read.execute({ streamIds });
  for (const row of rows) found.get(row.streamId)?.push(toStoredEvent(row));
  return found;
}

/**
 * `readStreams`, and in the same statement the streams a query names (`named`: one text column of stream
 * ids, a read model's candidates say): a command that needs both waits for one answer and the server runs one
 * statement, not two or three. Every stream found is in the map, the named ones too.
 */
export async function readStreamsAndNamed(
  db: Database,
  streamIds: string[],
  named: SQL,
): Promise<Map<string, StoredEvent[]>> {
  const found = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
  const ids =
    streamIds.length > 0
      ? sql.join(
          streamIds.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql``;
  const rows = await db
    .select()
    .from(events)
    .where(sql`${events.streamId} = any(array[${ids}]::text[] || array(${named}))`)
    .orderBy(asc(events.streamId), asc(events.version));
  for (const row of rows) {
    const stream = found.get(row.streamId) ?? [];
    stream.push(toStoredEvent(row));
    found.set(row.streamId, stream);
  }
  return found;
}

/** Current versions of the given streams; a stream with no events is absent from the map. */
export async function readStreamVersions(db: Database, streamIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ streamId: events.streamId, version: max(events.version) })
    .from(events)
    .where(inArray(events.streamId, streamIds))
    .groupBy(events.streamId);
  return new Map(rows.map((row) => [row.streamId, row.version ?? 0]));
}

/**
 * The first half of a guarded log read on PostgreSQL (see writer-guard.ts): who may be writing events
 * right now. Must run as a statement of its own before the log query; PGlite needs none.
 */
export async function watchWriters(db: Database, serial: boolean): Promise<WriterWatch> {
  if (serial) return 'serial';
  const [row] = rowsOf<{ xmax: string; writers: string[] }>(
    await db.execute(sql`select ${watchWritersColumns}`),
  );
  return toWatch(row!);
}

/**
 * Events after `from` in (tx_id, position) order, limited to below the horizon of transactions that
 * may still write events: nothing can appear later below the reader. `watch` must have been read in
 * an earlier statement (`watchWriters`). See docs/decisions.md, "Event store ordering" and "Scale out".
 */
export async function readLog(
  db: Database,
  from: LogCheckpoint,
  limit: number,
  watch: WriterWatch,
): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      sql`${events.txId} < ${horizonSql(watch)}
        and (${events.txId}, ${events.position}) > (${from.txId.toString()}::xid8, ${from.position.toString()}::bigint)`,
    )
    .orderBy(asc(events.txId), asc(events.position))
    .limit(limit);
  return rows.map(toStoredEvent);
}

/** The last event's place in the log, to checkpoint after it. */
export function checkpointAfter(batch: StoredEvent[]): LogCheckpoint | undefined {
  const last = batch.at(-1);
  return last ? { txId: last.txId, position: last.position } : undefined;
}
