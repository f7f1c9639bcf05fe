import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Each owner's online payment account (issue 31), as /profile shows it and the customer page asks
 * whether to offer 'Pay {amount}'. A row once the owner first connected; `connected` false after they
 * disconnected. Owned by `online-payments`.
 */
export const onlinePaymentAccounts = pgTable('online_payment_accounts', {
  userId: text('user_id').primaryKey(),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull(),
  accountType: text('account_type').notNull(),
  connected: boolean('connected').notNull(),
  chargesEnabled: boolean('charges_enabled').notNull(),
  detailsSubmitted: boolean('details_submitted').notNull(),
  /** The last event applied: a re-delivered one changes nothing. */
  position: bigint('position', { mode: 'bigint' }).notNull(),
});
