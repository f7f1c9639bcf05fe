import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Recurring invoices (issue 33). (Read models: see ../schema.ts.) Owned by `recurring`. */

/**
 * One row per live recurring profile. `nextRun` is the date of the next period not handled (the owner's day), null
 * when the schedule ended; the scheduler's one query per tick reads the partial index of active profiles by it.
 */
export const recurringProfiles = pgTable(
  'recurring_profiles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    status: text('status').$type<'active' | 'paused' | 'ended'>().notNull(),
    frequency: text('frequency').notNull(),
    /** '1'..'31', 'last' or null (the start's day). */
    dayOfMonth: text('day_of_month'),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    count: integer('count'),
    mode: text('mode').$type<'draft' | 'send'>().notNull(),
    missed: text('missed').$type<'issue' | 'skip'>().notNull(),
    timeZone: text('time_zone').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    currency: text('currency').notNull(),
    invoice: jsonb('invoice').$type<Record<string, unknown>>().notNull(),
    nextPeriod: integer('next_period').notNull(),
    nextRun: text('next_run'),
    invoicesIssued: integer('invoices_issued').notNull(),
    lastInvoiceId: text('last_invoice_id'),
    lastInvoiceNumber: text('last_invoice_number'),
    lastIssueDate: text('last_issue_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    createdPosition: bigint('created_position', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('recurring_profiles_user').on(table.userId, table.createdPosition),
    index('recurring_profiles_due').on(table.nextRun).where(sql`status = 'active'`),
  ],
);

/** Every run of a profile: the invoice it issued and whether it was sent (mode 'send'). */
export const recurringRuns = pgTable(
  'recurring_runs',
  {
    profileId: text('profile_id').notNull(),
    userId: text('user_id').notNull(),
    period: integer('period').notNull(),
    date: text('date').notNull(),
    issueDate: text('issue_date').notNull(),
    invoiceId: text('invoice_id').notNull(),
    number: text('number').notNull(),
    mode: text('mode').$type<'draft' | 'send'>().notNull(),
    sent: boolean('sent').notNull(),
    position: bigint('position', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.period] }),
    index('recurring_runs_unsent').on(table.position).where(sql`mode = 'send' and sent = false`),
  ],
);
