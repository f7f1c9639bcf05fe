import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Quotes per user (issue 33): one row per quote for the Quotes screen and the customer page's link. `stage` is what
 * the events say (draft, sent, accepted, declined, invoiced); 'Expired' is read at query time from `valid_until`
 * and the owner's day in `time_zone` (D-281), never written. Owned by `quotes`.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    stage: text('stage').notNull(),
    issueDate: text('issue_date').notNull(),
    validUntil: text('valid_until').notNull(),
    timeZone: text('time_zone').notNull(),
    customerName: text('customer_name').notNull(),
    customerCompanyName: text('customer_company_name').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The SHA-256 of the active `/q/{token}` link's token; a new link replaces it. */
    tokenHash: text('token_hash'),
    invoiceId: text('invoice_id'),
    invoiceNumber: text('invoice_number'),
    /** The valid-until day whose passing was recorded (QuoteExpired): the quote-expiry job's done mark (D-288). */
    expiryNoted: text('expiry_noted'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The last event applied: a re-delivered one changes nothing (D-21). */
    position: bigint('position', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('quotes_user_updated').on(table.userId, table.updatedAt.desc(), table.id),
    uniqueIndex('quotes_token_hash').on(table.tokenHash),
  ],
);
