import type { EventNamed } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { type RecordedEvent, unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { BatchRows, selectWhereIn } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { clients, catalogueItems } = readModels;

const handles = [
  'ClientCreated',
  'ClientChanged',
  'ClientArchived',
  'ItemCreated',
  'ItemChanged',
  'ItemDeleted',
] as const;
type Event = RecordedEvent<EventNamed<(typeof handles)[number]>>;
type ClientEvent = Extract<Event, { type: `Client${string}` }>;
type ItemEvent = Extract<Event, { type: `Item${string}` }>;

/**
 * Clients and catalogue items per user (issue 29). Every event carries the whole details and the stream
 * version, so a row is what the newest event of its stream says; an event at or below the row's version
 * (delivered again) changes nothing. A batch of 5,000 imported clients is one upsert.
 */
export const clientsProjection = defineProjection({
  name: 'clients',
  tables: ['clients', 'catalogue_items'],
  handles,
  apply: (db, event) => applyClients(db, [event]),
  applyBatch: applyClients,
});

const isClientEvent = (event: Event): event is ClientEvent => event.type.startsWith('Client');

async function applyClients(db: Database, events: Event[]): Promise<void> {
  const clientEvents = events.filter(isClientEvent);
  const itemEvents = events.filter((event): event is ItemEvent => !isClientEvent(event));
  if (clientEvents.length > 0) await applyClientEvents(db, clientEvents);
  if (itemEvents.length > 0) await applyItemEvents(db, itemEvents);
}

const searchOf = (...parts: string[]) => parts.filter(Boolean).join(' ').toLowerCase();

async function applyClientEvents(db: Database, events: ClientEvent[]): Promise<void> {
  const loaded = await selectWhereIn(
    db,
    clients,
    clients.id,
    events.map((event) => event.data.clientId),
  );
  const rows = new BatchRows(clients, ['id'], loaded);
  for (const event of events) {
    const { clientId, userId } = event.data;
    const row = rows.get({ id: clientId });
    if (row && (row.userId !== userId || row.version >= event.version)) continue;
    switch (event.type) {
      case 'ClientCreated':
      case 'ClientChanged': {
        const { clientId: _id, userId: _user, ...details } = event.data;
        rows.put({
          id: clientId,
          userId,
          version: event.version,
          archived: false,
          companyName: details.companyName,
          contactName: details.contactName,
          email: details.email,
          details,
          search: searchOf(details.companyName, details.contactName, details.email, details.address.city),
          createdPosition: row?.createdPosition ?? event.position,
          updatedAt: event.createdAt,
        });
        break;
      }
      case 'ClientArchived':
        if (row) rows.put({ ...row, archived: true, version: event.version, updatedAt: event.createdAt });
        break;
      default:
        unreachable(event);
    }
  }
  await rows.write(db);
}

async function applyItemEvents(db: Database, events: ItemEvent[]): Promise<void> {
  const loaded = await selectWhereIn(
    db,
    catalogueItems,
    catalogueItems.id,
    events.map((event) => event.data.itemId),
  );
  const rows = new BatchRows(catalogueItems, ['id'], loaded);
  for (const event of events) {
    const { itemId, userId } = event.data;
    const row = rows.get({ id: itemId });
    if (row && (row.userId !== userId || row.version >= event.version)) continue;
    switch (event.type) {
      case 'ItemCreated':
      case 'ItemChanged': {
        const { itemId: _id, userId: _user, ...details } = event.data;
        rows.put({
          id: itemId,
          userId,
          version: event.version,
          deleted: false,
          ...details,
          search: searchOf(details.name, details.description),
          updatedAt: event.createdAt,
        });
        break;
      }
      case 'ItemDeleted':
        // Kept, marked: a row removed would come back were its ItemCreated delivered again.
        if (row) rows.put({ ...row, deleted: true, version: event.version, updatedAt: event.createdAt });
        break;
      default:
        unreachable(event);
    }
  }
  await rows.write(db);
}
