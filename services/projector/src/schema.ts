import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
 * The subscription per user (spec §3 Subscription). Owned by `subscriptions`; the billing events that
 * fill it arrive with billing, until then every user is unsubscribed.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id').primaryKey(),
  planName: text('plan_name').notNull(),
  billingCycle: text('billing_cycle'),
  status: text('status').notNull(),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
