import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Getting paid: collection state, payments, shares and reminders. (Read models: see ../schema.ts.) */

/**
 * The customer's side of each live invoice (docs/decisions.md, "Getting paid"): its total, what stands paid,
 * whether it was voided, and the dates its collection status is derived from at query time (Draft and Overdue
 * depend on today). A deleted invoice's row is removed. Owned by `collection`.
 */
export const invoiceCollection = pgTable(
  'invoice_collection',
  {
    invoiceId: text('invoice_id').primaryKey(),
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    voided: boolean('voided').notNull().default(false),
    voidReason: text('void_reason'),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    /** Lower-cased, the client's key; the name as on this invoice. */
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    issuedPosition: bigint('issued_position', { mode: 'bigint' }).notNull(),
    /** Marked overdue (`InvoiceBecameOverdue`): the scheduler's overdue job looks only at unmarked ones (D-271). */
    overdue: boolean('overdue').notNull().default(false),
  },
  (table) => [
    index('invoice_collection_user').on(table.userId, table.currency),
    index('invoice_collection_overdue_due')
      .on(table.dueDate, table.invoiceId)
      .where(sql`voided = false and overdue = false and amount_paid < total`),
  ],
);

/** Every payment recorded on a live invoice, reversed or not (never edited). Owned by `collection`. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    invoiceId: text('invoice_id').notNull(),
    userId: text('user_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    date: text('date').notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull(),
    note: text('note').notNull(),
    /** Where it came from (PaymentRecorded's `source`) and what the provider kept of it (issue 31). */
    source: text('source').notNull().default('owner'),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    /** Nothing of it stands (`reversed_amount` is all of it). */
    reversed: boolean('reversed').notNull().default(false),
    /** What of it was reversed (in parts by a provider's partial refunds), less what a won dispute restored. */
    reversedAmount: bigint('reversed_amount', { mode: 'number' }).notNull().default(0),
    /** The reason of the last reversal or restoration. */
    reversalReason: text('reversal_reason'),
    /** The log position of the last reversal or restoration applied (a re-delivery changes nothing). */
    changedPosition: bigint('changed_position', { mode: 'bigint' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    position: bigint('position', { mode: 'bigint' }).notNull(),
  },
  (table) => [index('invoice_payments_invoice').on(table.invoiceId, table.position)],
);

/**
 * Customer page links by the SHA-256 (hex) of their token (never the token): the public page looks a token
 * up here with one indexed read. A stopped link stays, inactive. Owned by `invoice-shares`.
 */
export const invoiceShares = pgTable(
  'invoice_shares',
  {
    tokenHash: text('token_hash').primaryKey(),
    shareId: text('share_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    userId: text('user_id').notNull(),
    active: boolean('active').notNull().default(true),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull(),
  },
  // The owner's details ask whether an invoice has an active link.
  (table) => [index('invoice_shares_invoice').on(table.invoiceId)],
);

/**
 * Each user's reminder policy and owner notification toggles (`ReminderSettingsChanged`); a user without a
 * row has the defaults (reminders off, notifications on). Owned by `reminders`.
 */
export const reminderSettings = pgTable('reminder_settings', {
  userId: text('user_id').primaryKey(),
  remindersEnabled: boolean('reminders_enabled').notNull(),
  /** Days from the due date, ascending. */
  reminderOffsets: jsonb('reminder_offsets').$type<number[]>().notNull(),
  notifyFirstView: boolean('notify_first_view').notNull(),
  notifyOverdue: boolean('notify_overdue').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What the time process has done for an invoice, so a tick finds only invoices with something left to do:
 * overdue recorded, the latest reminder handled (sent or skipped), the first customer view and whether its
 * owner notification is reserved. The invoice's decider still decides; this only narrows the search.
 * Owned by `reminders`.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: text('invoice_id').primaryKey(),
    userId: text('user_id').notNull(),
    remindersOff: boolean('reminders_off').notNull().default(false),
    overdue: boolean('overdue').notNull().default(false),
    /** The largest reminder offset handled, or null. */
    lastReminder: integer('last_reminder'),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    firstViewReserved: boolean('first_view_reserved').notNull().default(false),
  },
  (table) => [index('invoice_reminders_first_view').on(table.firstViewReserved, table.firstViewedAt)],
);
