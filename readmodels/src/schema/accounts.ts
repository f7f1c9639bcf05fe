import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts, plans, settings, payment methods and logos. (Read models: see ../schema.ts.) */

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
