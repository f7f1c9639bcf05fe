import type { EventStore, Step } from '@remit/eventstore';
import { events } from '@remit/eventstore';
import { and, eq, sql } from 'drizzle-orm';
import { bankTransactionCommand } from './decider.js';

/**
 * What reversing a payment does to the bank credit it was matched from (D-332): the match is undone on the
 * credit's stream in the same transaction, so the credit is unmatched again, once. The credit is found in the
 * log by the match's `paymentId` (the command side reads no read model); none for a payment typed by hand.
 */
export async function unmatchOnReversal(
  store: EventStore,
  userId: string,
  paymentId: string,
  today: string,
): Promise<Step[]> {
  const [match] = await store.db
    .select({ transactionId: sql<string>`${events.data}->>'transactionId'` })
    .from(events)
    .where(
      and(
        eq(events.type, 'BankTransactionMatched'),
        sql`${events.data}->>'paymentId' = ${paymentId}`,
        sql`${events.data}->>'userId' = ${userId}`,
      ),
    )
    .limit(1);
  if (!match) return [];
  const { transactionId } = match;
  return [
    bankTransactionCommand(
      userId,
      transactionId,
      { type: 'UnmatchBankTransaction', data: { transactionId, userId, paymentId } },
      today,
    ),
  ];
}
