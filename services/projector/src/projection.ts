import type { EventNamed, EventType } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import type { RecordedEvent } from '@remit/kit';
import type { ProjectionName } from '@remit/readmodels';
import { deferWrites } from './deferred-writes.js';

/**
 * A read model's builder: events in, rows out. `apply` must derive everything from the event (its
 * data, metadata and time), never from the clock or other tables' live state, so that a rebuild from
 * zero ends in the same rows as the live projection (DESIGN §1). Events arrive read through the
 * catalogue (`readEvent`): parsed and upcast to their current version.
 */
export interface Projection {
  /** Also the name of its checkpoint. */
  name: ProjectionName;
  /** The tables it owns, in the order they can be created. */
  tables: string[];
  /** Event types it reacts to; others are skipped without a query. */
  handles: readonly EventType[];
  apply(db: Database, event: RecordedEvent): Promise<void>;
  /**
   * Optional: the same as `apply` on each event in turn, done for a whole batch at once (set-based
   * SQL). Must leave the same rows; the batching test holds it to that.
   */
  applyBatch?(db: Database, events: RecordedEvent[]): Promise<void>;
}

/** A projection typed by the events it handles; it is handed only those. */
export function defineProjection<Types extends EventType>(projection: {
  name: ProjectionName;
  tables: string[];
  handles: readonly Types[];
  apply(db: Database, event: RecordedEvent<EventNamed<Types>>): Promise<void>;
  applyBatch?(db: Database, events: RecordedEvent<EventNamed<Types>>[]): Promise<void>;
}): Projection {
  const handled = (event: RecordedEvent): event is RecordedEvent<EventNamed<Types>> =>
    (projection.handles as readonly string[]).includes(event.type);
  const { applyBatch } = projection;
  return {
    ...projection,
    apply: async (db, event) => {
      if (handled(event)) await projection.apply(db, event);
    },
    ...(applyBatch
      ? {
          applyBatch: async (db: Database, events: RecordedEvent[]) => {
            const mine = events.filter(handled);
            if (mine.length > 0) await applyBatch(db, mine);
          },
        }
      : {}),
  };
}

/** Applies a batch of events to one projection, in log order, inside the caller's transaction. */
export async function applyEvents(
  projection: Projection,
  db: Database,
  events: RecordedEvent[],
): Promise<void> {
  if (projection.applyBatch) return projection.applyBatch(db, events);
  for (const event of events) {
    if (projection.handles.includes(event.type)) await projection.apply(db, event);
  }
}

/**
 * Applies each projection's events inside the caller's transaction. Each projection reads and writes
 * only its own tables, so on PostgreSQL they run side by side: their statements follow each other on
 * the transaction's connection without waiting for one projection's JavaScript between them, and their
 * writes travel together (deferred-writes.ts). On PGlite, one after another.
 */
export async function applyProjections(tx: Database, work: [Projection, RecordedEvent[]][]): Promise<void> {
  if (!deferWrites(tx)) {
    for (const [projection, events] of work) await applyEvents(projection, tx, events);
    return;
  }
  await settleAll(work.map(([projection, events]) => applyEvents(projection, tx, events)));
}

/**
 * Waits for every promise, then fails with the first failure to happen (the others, on the same
 * transaction, then fail only because it is aborted).
 */
async function settleAll(work: Promise<void>[]): Promise<void> {
  const failures: unknown[] = [];
  await Promise.all(work.map((promise) => promise.catch((error: unknown) => void failures.push(error))));
  if (failures.length > 0) throw failures[0];
}
