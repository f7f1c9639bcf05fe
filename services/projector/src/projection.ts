import type { Database, StoredEvent } from '@remit/eventstore';

/**
 * A read model's builder: events in, rows out. `apply` must derive everything from the event (its
 * data, metadata and time), never from the clock or other tables' live state, so that a rebuild from
 * zero ends in the same rows as the live projection (DESIGN §1).
 */
export interface Projection {
  /** Also the name of its checkpoint. */
  name: string;
  /** The tables it owns, in the order they can be created. */
  tables: string[];
  /** Event types it reacts to; others are skipped without a query. */
  handles: readonly string[];
  apply(db: Database, event: StoredEvent): Promise<void>;
}

export function defineProjection(projection: Projection): Projection {
  return projection;
}

/** Applies a batch of events to one projection, in log order, inside the caller's transaction. */
export async function applyEvents(
  projection: Projection,
  db: Database,
  events: StoredEvent[],
): Promise<void> {
  for (const event of events) {
    if (projection.handles.includes(event.type)) await projection.apply(db, event);
  }
}
