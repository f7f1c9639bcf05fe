import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
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
    /** The version of the event type's data shape it was written in; readers upcast older ones. */
    schemaVersion: smallint('schema_version').notNull().default(1),
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

/**
 * The answers of commands sent with an `Idempotency-Key` (DESIGN §7), outside the log: bookkeeping, not
 * facts. A key is claimed before its command runs, with a lease; the answer is written in the same
 * transaction as the command's events, so a retry finds either the answer or nothing done. Rows expire.
 */
export const commandAnswers = pgTable(
  'command_answers',
  {
    /** SHA-256 of the caller and the key. */
    key: text('key').primaryKey(),
    /** SHA-256 of the request (method, path, body): the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Who holds the claim; only the holder may record the answer. */
    claim: text('claim').notNull(),
    /** The process that holds the claim (`ClaimHolder.name`): its claim is taken over as soon as it is gone. */
    holder: text('holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    status: integer('status'),
    body: jsonb('body').$type<unknown>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('command_answers_created').on(table.createdAt)],
);
