import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { ConcurrencyError, isUniqueViolation } from './errors.js';
import { readStreamVersions } from './read.js';
import { events } from './schema.js';
import type { AppendResult, ExpectedVersion, StreamWrite } from './types.js';
import { takeWriterLockSql } from './writer-guard.js';

/** The whole transaction's outcome: one result per write, and the last position written. */
export interface AppendManyResult {
  position: bigint;
  streams: AppendResult[];
}

// A unique-key clash with a write that expected any version is retried; it cannot loop for long,
// since each clash means another writer committed.
const MAX_ATTEMPTS = 10;

/**
 * Runs inside the append's transaction after the events are inserted, with the outcome; what it writes
 * commits with the events or not at all, and what it throws rolls them back.
 */
export type InTransaction = (tx: Database, appended: AppendManyResult) => Promise<void>;

export async function appendWrites(
  db: Database,
  writes: StreamWrite[],
  channel: string,
  inTransaction?: InTransaction,
): Promise<AppendManyResult> {
  checkWrites(writes);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const appended = await insertWrites(tx, writes, channel);
        await inTransaction?.(tx, appended);
        return appended;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // On the next attempt the version check names the stream and its actual version.
      if (attempt === MAX_ATTEMPTS) {
        const [first] = writes as [StreamWrite];
        throw new ConcurrencyError(first.streamId, first.expectedVersion, -1);
      }
    }
  }
}

async function insertWrites(tx: Database, writes: StreamWrite[], channel: string): Promise<AppendManyResult> {
  // First, before this transaction has an id: readers of the log wait on K's holders only.
  await tx.execute(sql.raw(takeWriterLockSql));
  // Read every stream's version before the first insert: the insert assigns this transaction's id,
  // and it must come after the previous version's writer's (see docs/decisions.md).
  const versions = await readStreamVersions(
    tx,
    writes.map((write) => write.streamId),
  );
  const rows = writes.flatMap((write) => {
    const current = versions.get(write.streamId) ?? 0;
    if (!isExpected(write.expectedVersion, current)) {
      throw new ConcurrencyError(write.streamId, write.expectedVersion, current);
    }
    return write.events.map((event, index) => ({
      streamId: write.streamId,
      version: current + index + 1,
      type: event.type,
      schemaVersion: event.schemaVersion ?? 1,
      data: event.data,
      metadata: event.metadata ?? {},
      ...(event.createdAt ? { createdAt: event.createdAt } : {}),
    }));
  });
  // The wake-up rides on the insert (one round trip less a command); PostgreSQL folds the same
  // notification sent several times in one transaction into one, and delivers it on commit only, so a
  // woken reader finds the events.
  const inserted = await tx
    .insert(events)
    .values(rows)
    .returning({
      position: events.position,
      streamId: events.streamId,
      version: events.version,
      notified: sql<string>`pg_notify(${channel}, '')::text`,
    });
  return summarise(writes, inserted);
}

function isExpected(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  return current === expected;
}

function summarise(
  writes: StreamWrite[],
  inserted: { position: bigint; streamId: string; version: number }[],
): AppendManyResult {
  const streams = writes.map((write) => {
    const last = inserted.filter((row) => row.streamId === write.streamId).at(-1)!;
    return { nextVersion: last.version, position: last.position };
  });
  let position = 0n;
  for (const row of inserted) if (row.position > position) position = row.position;
  return { position, streams };
}

function checkWrites(writes: StreamWrite[]): void {
  if (writes.length === 0) throw new Error('append needs at least one stream write');
  const streamIds = new Set(writes.map((write) => write.streamId));
  if (streamIds.size !== writes.length)
    throw new Error('append writes each stream at most once per transaction');
  for (const write of writes) {
    if (write.events.length === 0) throw new Error(`append to ${write.streamId} has no events`);
  }
}
