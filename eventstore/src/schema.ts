import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { EventMetadata } from './types.js';

/** A 64-bit transaction id; drivers hand it over as text. */
const xid8 = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'xid8',
  fromDriver: (value) => BigInt(value),
  toDriver: (value) => value.toString(),
});

export const events = pgTable(
  'events',
  {
    position: bigserial('position', { mode: 'bigint' }).primaryKey(),
    streamId: text('stream_id').notNull(),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    metadata: jsonb('metadata').$type<EventMetadata>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Assigned by the writing transaction itself; readers order the log by (tx_id, position).
    txId: xid8('tx_id').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    unique('events_stream_version').on(table.streamId, table.version),
    index('events_tx_position').on(table.txId, table.position),
  ],
);

export const checkpoints = pgTable('checkpoints', {
  name: text('name').primaryKey(),
  txId: xid8('tx_id').notNull().default(sql`'0'::xid8`),
  position: bigint('position', { mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
