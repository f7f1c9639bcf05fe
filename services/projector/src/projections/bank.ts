import type { BankTransactionState } from '@remit/contracts';
import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, lt } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { bankTransactions } = readModels;
type Row = typeof bankTransactions.$inferSelect;

/** Where a credit stands on the Bank screen: applied in full, ignored, or left with or without suggestions. */
function stateOf(
  row: Pick<Row, 'amount' | 'applied' | 'suggestions' | 'matches'>,
  ignored: boolean,
): BankTransactionState {
  if (ignored) return 'ignored';
  if (row.applied >= row.amount) return 'matched';
  return row.suggestions.length > 0 || row.matches.length > 0 ? 'suggested' : 'unmatched';
}

/**
 * The Bank screen's list (issue 31): one row per imported credit, moved by its matches and an ignore. An event
 * at or below the row's stream version was applied already (delivered again).
 */
export const bankProjection = defineProjection({
  name: 'bank',
  tables: ['bank_transactions'],
  handles: [
    'BankTransactionImported',
    'BankTransactionMatched',
    'BankTransactionIgnored',
    'BankTransactionUnmatched',
  ],
  async apply(db, event) {
    const { transactionId: id, userId } = event.data;
    const version = event.version;
    const key = and(eq(bankTransactions.userId, userId), eq(bankTransactions.id, id));
    switch (event.type) {
      case 'BankTransactionImported': {
        const { transactionId: _id, statementId, suggestions, ...data } = event.data;
        const row = { ...data, id, statementId, suggestions, applied: 0, matches: [] };
        await db
          .insert(bankTransactions)
          .values({
            ...row,
            state: stateOf(row, false),
            version,
            importedPosition: event.position,
            updatedAt: event.createdAt,
          })
          .onConflictDoNothing();
        return;
      }
      case 'BankTransactionMatched': {
        const [row] = await db
          .select()
          .from(bankTransactions)
          .where(and(key, lt(bankTransactions.version, version)));
        if (!row) return;
        const { invoiceId, number, paymentId, amount, automatic, currency } = event.data;
        const matches = [...row.matches, { invoiceId, number, paymentId, amount, automatic }];
        // A match in another currency than the credit's takes the whole credit (the owner said so).
        const applied = currency === row.currency ? row.applied + amount : row.amount;
        const next = { ...row, matches, applied };
        await db
          .update(bankTransactions)
          .set({ matches, applied, state: stateOf(next, false), version, updatedAt: event.createdAt })
          .where(key);
        return;
      }
      case 'BankTransactionUnmatched': {
        // Its payment was reversed on the invoice: the match no longer stands, its amount is free again.
        const [row] = await db
          .select()
          .from(bankTransactions)
          .where(and(key, lt(bankTransactions.version, version)));
        if (!row) return;
        const matches = row.matches.filter((match) => match.paymentId !== event.data.paymentId);
        const applied = Math.max(0, row.applied - event.data.amount);
        const next = { ...row, matches, applied };
        await db
          .update(bankTransactions)
          .set({
            matches,
            applied,
            state: stateOf(next, row.state === 'ignored'),
            version,
            updatedAt: event.createdAt,
          })
          .where(key);
        return;
      }
      case 'BankTransactionIgnored':
        await db
          .update(bankTransactions)
          .set({ state: 'ignored', version, updatedAt: event.createdAt })
          .where(and(key, lt(bankTransactions.version, version)));
        return;
      default:
        return unreachable(event);
    }
  },
});
