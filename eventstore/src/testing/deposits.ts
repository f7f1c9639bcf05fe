import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { OpenDatabase } from '../database.js';
import type { StoredEvent } from '../types.js';

/** The subscription tests' event: a deposit of `amount` into the stream's account. */
export const deposited = (amount: number) => ({ type: 'Deposited', data: { amount } });

/** A read model small enough to reason about: one balance per stream (the test creates the table). */
export const balances = pgTable('test_balances', {
  account: text('account').primaryKey(),
  total: integer('total').notNull(),
});

/** Adds each deposit to its stream's balance, one statement per event. */
export async function applyDeposits(events: StoredEvent[], tx: OpenDatabase['db']): Promise<void> {
  for (const event of events) {
    const { amount } = event.data as { amount: number };
    await tx
      .insert(balances)
      .values({ account: event.streamId, total: amount })
      .onConflictDoUpdate({ target: balances.account, set: { total: sql`${balances.total} + ${amount}` } });
  }
}
