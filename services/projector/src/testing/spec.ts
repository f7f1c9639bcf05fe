import { type DomainEvent, type EventType, readEvent } from '@remit/contracts';
import type { OpenDatabase, StoredEvent } from '@remit/eventstore';
import { openTestDatabase } from '@remit/eventstore/testing';
import type { RecordedEvent } from '@remit/kit';
import { migrateReadModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { applyEvents, type Projection } from '../projection.js';

/**
 * An event as a spec gives it: its type and data (in the current version, or as an older version wrote
 * it), and where it sits when that matters (a user's stream).
 */
export type SpecEvent =
  | (DomainEvent & { streamId?: string; schemaVersion?: number; version?: number })
  | { type: EventType; data: unknown; schemaVersion: number; streamId?: string; version?: number };

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/**
 * Events in, rows out (STYLE 9): a projection given events in log order on a real, freshly migrated
 * database, then the rows of its tables. Each event is stored-shaped and read through `readEvent`, as
 * the projector reads it.
 */
export function projectionSpec(projection: Projection) {
  let database: OpenDatabase;
  let position = 0;

  function recorded(events: SpecEvent[]): RecordedEvent[] {
    return events.map((event) => {
      position += 1;
      const stored: StoredEvent = {
        type: event.type,
        data: event.data,
        schemaVersion: event.schemaVersion ?? 1,
        streamId: event.streamId ?? 'stream-under-test',
        version: event.version ?? 1,
        position: BigInt(position),
        txId: BigInt(position),
        metadata: {},
        createdAt: new Date(Date.UTC(2026, 10, 1, 9, 0, position)),
      };
      return readEvent(stored);
    });
  }

  return {
    async open() {
      database = await openTestDatabase('pglite');
      await migrateReadModels(database);
    },
    close: () => database.close(),
    /** Applies the events in one transaction, as one batch of the projector would. */
    async given(events: SpecEvent[]) {
      const batch = recorded(events);
      await database.db.transaction((tx) => applyEvents(projection, tx, batch));
      return batch;
    },
    /** Applies already recorded events again (a re-delivery after a crash before the checkpoint moved). */
    async redeliver(batch: RecordedEvent[]) {
      await database.db.transaction((tx) => applyEvents(projection, tx, batch));
    },
    /** Every row of a table, in a stable order, without the columns named in `omit`. */
    async rows(table: string, omit: string[] = []) {
      const rows = rowsOf<Record<string, unknown>>(
        await database.db.execute(sql.raw(`select * from "${table}" order by 1, 2`)),
      );
      return rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key))),
      );
    },
    /** Every table the projection owns, for "re-delivery changes nothing". */
    async snapshot() {
      const all: Record<string, unknown[]> = {};
      for (const table of projection.tables) all[table] = await this.rows(table);
      return all;
    },
  };
}
