import { and, asc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { events } from './schema.js';
import type { LogCheckpoint, StoredEvent } from './types.js';

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

/** The events of several streams at once: a map from stream id to its events in version order. */
export async function readStreams(db: Database, streamIds: string[]): Promise<Map<string, StoredEvent[]>> {
  const found = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
  if (streamIds.length === 0) return found;
  const rows = await db
    .select()
    .from(events)
    .where(inArray(events.streamId, streamIds))
    .orderBy(asc(events.streamId), asc(events.version));
  for (const row of rows) found.get(row.streamId)?.push(toStoredEvent(row));
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
 * Events after `from` in (tx_id, position) order, limited to transactions older than every one
 * still running: those can no longer gain events, so nothing can appear later below the reader.
 * See docs/decisions.md, "Event store ordering".
 */
export async function readLog(db: Database, from: LogCheckpoint, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      sql`${events.txId} < pg_snapshot_xmin(pg_current_snapshot())
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
