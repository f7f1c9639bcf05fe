import {
  type BankTransaction,
  type BankTransactionState,
  bankCsvMappingStreamId,
  readEvent,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, desc, eq } from 'drizzle-orm';

const { bankTransactions } = readModels;
/** The screen shows the newest; an owner with more settles these first. */
const LIST_LIMIT = 500;

type Row = typeof bankTransactions.$inferSelect;

const toTransaction = (row: Row): BankTransaction => ({
  id: row.id,
  statementDate: row.statementDate,
  bookingDate: row.bookingDate,
  entryReference: row.entryReference,
  amount: row.amount,
  currency: row.currency,
  payerName: row.payerName,
  remittance: row.remittance,
  state: row.state as BankTransactionState,
  remaining: Math.max(0, row.amount - row.applied),
  suggestions: row.suggestions,
  matches: row.matches,
});

/** A user's imported credits, newest import first; in one state when asked. */
export async function listBankTransactions(
  db: Database,
  userId: string,
  state: BankTransactionState | undefined,
): Promise<BankTransaction[]> {
  const rows = await db
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.userId, userId), state ? eq(bankTransactions.state, state) : undefined))
    .orderBy(desc(bankTransactions.importedPosition), desc(bankTransactions.bookingDate))
    .limit(LIST_LIMIT);
  return rows.map(toTransaction);
}

/** The owner's saved CSV column mapping: one small stream of theirs whose newest event is the mapping; null if none. */
export async function findCsvMapping(store: EventStore, userId: string) {
  const [last] = (await store.readStream(bankCsvMappingStreamId(userId))).slice(-1);
  const event = last ? readEvent(last) : null;
  if (event?.type !== 'BankCsvMappingSaved') return null;
  const { userId: _userId, ...mapping } = event.data;
  return mapping;
}
