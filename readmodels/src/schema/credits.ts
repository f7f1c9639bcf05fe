import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What credit notes and refunds did to each invoice (issue 27, D-208): the gross credited, what was paid back,
 * and whether nothing is left to credit. Beside `invoice_collection`, not in it: the fixture logs rebuild that
 * table byte for byte (D-19). A row exists only for an invoice with a credit note. Owned by `credits`.
 */
export const invoiceCredits = pgTable('invoice_credits', {
  invoiceId: text('invoice_id').primaryKey(),
  userId: text('user_id').notNull(),
  credited: bigint('credited', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  fullyCredited: boolean('fully_credited').notNull().default(false),
  /** The last event applied: a re-delivered one changes nothing (D-21). */
  position: bigint('position', { mode: 'bigint' }).notNull(),
});
