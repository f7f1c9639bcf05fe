import { type EventType, eventCatalogue } from '@remit/contracts';
import type { RecordedEvent } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { insertNew } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { streamOwners } = readModels;

/** Every type: any event may open a stream. */
const everyType = Object.keys(eventCatalogue) as EventType[];

/** The user a stream's first event was written for: who sent the command, else the user its data names. */
function ownerOf(event: RecordedEvent): string | null {
  if (event.metadata.userId) return event.metadata.userId;
  const data = event.data as { userId?: unknown };
  return typeof data.userId === 'string' ? data.userId : null;
}

function rowsOf(events: RecordedEvent[]) {
  const rows: (typeof streamOwners.$inferInsert)[] = [];
  for (const event of events) {
    // Only a stream's first event says whose it is; the rest of the log costs no write.
    if (event.version !== 1) continue;
    const userId = ownerOf(event);
    if (userId) rows.push({ streamId: event.streamId, userId });
  }
  return rows;
}

/**
 * Each stream's owner (D-353), for the owner's 'Audit' section: their events are found through this index and the
 * log's own `(stream_id, version)` index, not by reading every event's metadata. A stream is its first event's.
 */
export const streamOwnersProjection = defineProjection({
  name: 'stream-owners',
  tables: ['stream_owners'],
  handles: everyType,
  async apply(db, event) {
    await insertNew(db, streamOwners, ['streamId'], rowsOf([event]));
  },
  async applyBatch(db, events) {
    await insertNew(db, streamOwners, ['streamId'], rowsOf(events));
  },
});
