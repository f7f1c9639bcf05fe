import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Who owns each stream of the log (issue 32, D-353): the user its first event was written for. The owner's 'Audit'
 * section finds their events through it (this index, then the log's own stream index) instead of reading the whole
 * log. Owned by `stream-owners`.
 */
export const streamOwners = pgTable(
  'stream_owners',
  {
    streamId: text('stream_id').primaryKey(),
    userId: text('user_id').notNull(),
  },
  (table) => [index('stream_owners_user').on(table.userId)],
);
