import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Credit notes and unissued drafts (issue 27). (Read models: see ../schema.ts.) */

/**
 * Every credit note per user, for the dashboard's 'Credit notes' list and the client page. The document itself
 * stays on its stream (D-130); this row is what a list shows. `customerEmail` is lower-cased: the client's key
 * (D-184). Owned by `credit-notes`.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    number: text('number').notNull(),
    issueDate: text('issue_date').notNull(),
    reason: text('reason').notNull(),
    full: boolean('full').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** Lower-cased numbers, customer name, e-mail and company, for the list's search. */
    search: text('search').notNull(),
    issuedPosition: bigint('issued_position', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('credit_notes_user_newest').on(table.userId, table.issuedPosition),
    index('credit_notes_user_customer').on(table.userId, table.customerEmail),
  ],
);

/**
 * The user's unissued drafts (D-224, D-225): the form as last saved and the draft stream's version. A discarded
 * or issued draft is closed (not listed). Owned by `invoice-drafts`.
 */
export const invoiceDrafts = pgTable(
  'invoice_drafts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    version: integer('version').notNull(),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    duplicateOf: text('duplicate_of'),
    /** Issued or discarded: the row stays as a tombstone, so a re-delivered save cannot bring the draft back. */
    closed: boolean('closed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('invoice_drafts_user_updated').on(table.userId, table.updatedAt)],
);
