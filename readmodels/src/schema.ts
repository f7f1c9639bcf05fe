import type { InvoiceContent } from '@remit/contracts';
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

/**
 * Read models (DESIGN §3): ordinary tables, each owned by exactly one projection and rebuilt from the
 * log at will. Nothing but the projector writes them; the query service only reads.
 */

/** Accounts, for the signed-in person's own details (`GET /auth/status`). Owned by `users`. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull(),
  signUpMethod: text('sign_up_method').notNull(),
  googleLinked: boolean('google_linked').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The subscription per user (spec §3 Subscription), as the provider last said it. Owned by `subscriptions`.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id').primaryKey(),
  planName: text('plan_name').notNull(),
  billingCycle: text('billing_cycle'),
  status: text('status').notNull(),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** The provider's subscription id and the provider's time of the last snapshot applied. */
  subscriptionId: text('subscription_id'),
  lastPaymentFailedAt: timestamp('last_payment_failed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Invoices per user (list, details, search). Owned by `invoices`. `content` is the invoice as issued or last
 * revised (the event's snapshot); the other columns are what the list filters, sorts and searches on.
 * `issuedPosition` orders the list newest first, stably. A deleted invoice's row is removed.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerCompanyName: text('customer_company_name').notNull(),
    /** Lower-cased number, customer name, e-mail and company, for `search`. */
    searchText: text('search_text').notNull(),
    content: jsonb('content').$type<InvoiceContent>().notNull(),
    issuedPosition: bigint('issued_position', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('invoices_user_keyset').on(table.userId, table.issuedPosition, table.id)],
);

/** Every invoice number a user has reserved, for the next-number suggestion. Owned by `invoices`. */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    position: bigint('position', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.number] })],
);

/** Customers per user, built from issued and revised invoices, keyed by e-mail. Owned by `customers`. */
export const customers = pgTable(
  'customers',
  {
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    companyName: text('company_name').notNull(),
    companyVat: text('company_vat'),
    invoiceCount: integer('invoice_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);

/**
 * Which issued invoice counted towards which customer, so an event delivered twice counts once. Owned by
 * `customers`.
 */
export const customerInvoices = pgTable(
  'customer_invoices',
  {
    userId: text('user_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    email: text('email').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.invoiceId] })],
);

/** Settings per user (spec §3 User settings). Owned by `settings`. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
  defaultDueDays: integer('default_due_days'),
  companyEmail: text('company_email').notNull(),
  companyAddress: text('company_address').notNull(),
  companyName: text('company_name').notNull(),
  companyVat: text('company_vat'),
  defaultCurrency: text('default_currency').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Invoices bought one-time, per user (spec §2 'Pay Now'). Owned by `subscriptions`. */
export const purchases = pgTable(
  'purchases',
  {
    userId: text('user_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    sessionId: text('session_id'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.invoiceId] })],
);

/**
 * Payment methods per user (spec §3 Payment method). Owned by `payment-methods`. `addedPosition` orders
 * them oldest first; exactly one row per user has `isDefault` once the user has a method.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    isDefault: boolean('is_default').notNull(),
    isActive: boolean('is_active').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    iban: text('iban').notNull(),
    swift: text('swift').notNull(),
    paymentLink: text('payment_link').notNull(),
    instructions: text('instructions').notNull(),
    addedPosition: bigint('added_position', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_methods_user').on(table.userId, table.addedPosition)],
);

/** The company logo per user (`GET /settings` LogoURL); no row, no logo. Owned by `settings`. */
export const companyLogos = pgTable('company_logos', {
  userId: text('user_id').primaryKey(),
  logoId: text('logo_id').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

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
  },
  (table) => [index('invoice_collection_user').on(table.userId, table.currency)],
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
    reversed: boolean('reversed').notNull().default(false),
    reversalReason: text('reversal_reason'),
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
