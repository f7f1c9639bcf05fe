import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The dashboard's totals and the owing figures. (Read models: see ../schema.ts.) */

/**
 * Kept per-user figures for the dashboard and the profile (docs/decisions.md, "Scale out (issue 18)"):
 * `totals_invoices` is the projection's own copy of each live invoice's figures (so each event moves its
 * old figures out and its new ones in, with no rescan), and the three tables below are kept from it.
 * `payments` maps each payment id to what stands of it (0 once reversed), so a repeated event changes
 * nothing. `balance` is what is still due (0 when voided). Owned by `invoice-totals`.
 */
export const totalsInvoices = pgTable(
  'totals_invoices',
  {
    invoiceId: text('invoice_id').primaryKey(),
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    /** Lower-cased, the client's key; the name as on this invoice. */
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    payments: jsonb('payments').$type<Record<string, number>>().notNull(),
    voided: boolean('voided').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    issuedPosition: bigint('issued_position', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('totals_invoices_client_newest').on(
      table.userId,
      table.customerEmail,
      table.currency,
      table.issuedPosition,
    ),
    index('totals_invoices_client_issued').on(
      table.userId,
      table.customerEmail,
      table.currency,
      table.issueDate,
    ),
  ],
);

/**
 * What still owes, summed per user, the day it is overdue from, and currency: the overdue figure on a day
 * is a range over days, not over invoices. An invoice is overdue when it owes, its due date is before
 * today and its issue date not after today: `since` is its due date (`inclusive` false: overdue once
 * today is past it), or for one issued after its due date its issue date (`inclusive`: overdue on that
 * day already). Owned by `invoice-totals`.
 */
export const owingDays = pgTable(
  'owing_days',
  {
    userId: text('user_id').notNull(),
    since: text('since').notNull(),
    currency: text('currency').notNull(),
    inclusive: boolean('inclusive').notNull(),
    invoices: integer('invoices').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.since, table.currency, table.inclusive] })],
);

/** Live invoices per user: the dashboard's page count without counting rows. Owned by `invoice-totals`. */
export const userInvoiceTotals = pgTable('user_invoice_totals', {
  userId: text('user_id').primaryKey(),
  invoices: integer('invoices').notNull(),
});

/**
 * Per user and currency: live invoices, what stands paid and what is still due (quick stats). Owned by
 * `invoice-totals`.
 */
export const currencyTotals = pgTable(
  'currency_totals',
  {
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    invoices: integer('invoices').notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency] })],
);

/**
 * Per user, client (lower-cased e-mail) and currency: live invoices, billed (void bills nothing), paid,
 * outstanding, how many still owe something, the newest issue date, and the name on the newest invoice
 * (top clients, active clients). Owned by `invoice-totals`.
 */
export const clientCurrencyTotals = pgTable(
  'client_currency_totals',
  {
    userId: text('user_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    newestPosition: bigint('newest_position', { mode: 'bigint' }).notNull(),
    invoices: integer('invoices').notNull(),
    billed: bigint('billed', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
    openInvoices: integer('open_invoices').notNull(),
    lastIssueDate: text('last_issue_date').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.customerEmail, table.currency] }),
    index('client_currency_totals_rank').on(table.userId, table.currency, table.billed, table.invoices),
  ],
);
