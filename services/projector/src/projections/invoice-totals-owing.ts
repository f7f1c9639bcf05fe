// The balances invoice-totals keeps per user, day and currency (`owing_days`), from which the overdue
// figure is a range over days rather than over invoices.
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Row } from './invoice-totals-rows.js';

const { owingDays } = readModels;

export type OwingRow = typeof owingDays.$inferSelect;

/**
 * The `owing_days` row an invoice's balance is kept in: overdue once past its due date, or from its issue
 * date when issued after it (then `inclusive`: on that day already).
 */
export function owingKey(row: Pick<Row, 'userId' | 'currency' | 'issueDate' | 'dueDate'>) {
  const late = row.issueDate > row.dueDate;
  return {
    userId: row.userId,
    since: late ? row.issueDate : row.dueDate,
    currency: row.currency,
    inclusive: late,
  };
}

export const owingColumns = [owingDays.userId, owingDays.since, owingDays.currency, owingDays.inclusive];

/** What an invoice owes, as the days' rows see it: nothing once paid up or void. */
const owed = (row: Row | null | undefined) => (row && row.balance > 0 ? row : undefined);

/**
 * The changes an event makes to the owing days: the old balance out and the new one in, or only the
 * difference when the invoice stays on the same day (a repeated revision changes nothing).
 */
export function owingMoves(old: Row | null | undefined, next: Row | null | undefined) {
  const [from, to] = [owed(old), owed(next)];
  if (from && to && JSON.stringify(owingKey(from)) === JSON.stringify(owingKey(to))) {
    return to.balance === from.balance ? [] : [{ row: to, invoices: 0, balance: to.balance - from.balance }];
  }
  return [
    ...(from ? [{ row: from, invoices: -1, balance: -from.balance }] : []),
    ...(to ? [{ row: to, invoices: 1, balance: to.balance }] : []),
  ];
}

/** Adds one change to its day's owing row; a row left with no invoice is removed. */
export async function moveOwing(db: Database, move: { row: Row; invoices: number; balance: number }) {
  const key = owingKey(move.row);
  await db
    .insert(owingDays)
    .values({ ...key, invoices: move.invoices, balance: move.balance })
    .onConflictDoUpdate({
      target: owingColumns,
      set: {
        invoices: sql`${owingDays.invoices} + excluded.invoices`,
        balance: sql`${owingDays.balance} + excluded.balance`,
      },
    });
  if (move.invoices < 0) {
    await db
      .delete(owingDays)
      .where(
        and(
          eq(owingDays.userId, key.userId),
          eq(owingDays.since, key.since),
          eq(owingDays.currency, key.currency),
          eq(owingDays.inclusive, key.inclusive),
          lte(owingDays.invoices, 0),
        ),
      );
  }
}
