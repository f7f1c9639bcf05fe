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
  (table) => [index('invoices_user_newest').on(table.userId, table.issuedPosition)],
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
