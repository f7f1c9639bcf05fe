import type { BankSuggestion } from '@remit/contracts';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A match as the Bank screen lists it. */
export interface BankTransactionMatchRow {
  invoiceId: string;
  number: string;
  paymentId: string;
  amount: number;
  automatic: boolean;
}

/**
 * The credits of imported bank statements per user (issue 31), for the Bank screen. Owned by `bank`. `state`
 * is `suggested`, `unmatched`, `matched` or `ignored`; `applied` what its matches took, in its currency.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    statementId: text('statement_id').notNull(),
    statementDate: text('statement_date').notNull(),
    bookingDate: text('booking_date').notNull(),
    entryReference: text('entry_reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payerName: text('payer_name').notNull(),
    remittance: text('remittance').notNull(),
    state: text('state').notNull(),
    applied: bigint('applied', { mode: 'number' }).notNull(),
    suggestions: jsonb('suggestions').$type<BankSuggestion[]>().notNull(),
    matches: jsonb('matches').$type<BankTransactionMatchRow[]>().notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    importedPosition: bigint('imported_position', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('bank_transactions_user_state').on(table.userId, table.state, table.importedPosition),
  ],
);
