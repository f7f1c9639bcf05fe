import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The profile's statistics and the activity feed. (Read models: see ../schema.ts.) */

/**
 * The figures of each live invoice that the profile's stats need, kept by `profile-stats` (its own copy, so it
 * needs no other projection's table). A deleted invoice's row is removed; `paid` once bought.
 */
export const statsInvoices = pgTable(
  'stats_invoices',
  {
    invoiceId: text('invoice_id').primaryKey(),
    userId: text('user_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paid: boolean('paid').notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    issuedPosition: bigint('issued_position', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('stats_invoices_user').on(table.userId),
    index('stats_invoices_client_newest').on(
      table.userId,
      table.customerEmail,
      table.currency,
      table.issuedPosition,
    ),
  ],
);

/**
 * Per user and currency (docs/decisions.md, Profile and stats): revenue = paid totals, pending = unpaid totals,
 * invoices = live invoices. Each event moves one invoice's figures out and in (no rescan). Owned by `profile-stats`.
 */
export const currencyStats = pgTable(
  'currency_stats',
  {
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    pending: bigint('pending', { mode: 'number' }).notNull(),
    invoices: integer('invoices').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency] })],
);

/**
 * Per user, customer (by lower-cased e-mail) and currency: live invoices and their total, with the name of
 * the newest invoice. Kept like `currency_stats`. Owned by `profile-stats`.
 */
export const clientTotals = pgTable(
  'client_totals',
  {
    userId: text('user_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    invoices: integer('invoices').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerEmail, table.currency] })],
);

/**
 * What happened in a user's account, newest first by `position` (the event's). `subjectId` and `subject`
 * (an invoice's or payment method's id and its number or name) let later events name what they are about.
 * Owned by `activities`.
 */
export const activities = pgTable(
  'activities',
  {
    position: bigint('position', { mode: 'bigint' }).primaryKey(),
    userId: text('user_id').notNull(),
    type: text('type').notNull(),
    summary: text('summary').notNull(),
    invoiceId: text('invoice_id'),
    subjectId: text('subject_id'),
    subject: text('subject'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('activities_user_newest').on(table.userId, table.position),
    index('activities_subject').on(table.subjectId),
  ],
);
