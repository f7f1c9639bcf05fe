import { type Database, events } from '@remit/eventstore';
import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const deleted = alias(events, 'deleted');

/**
 * The user's newest live invoice, from the log (the command side reads no read model): the last
 * `InvoiceIssued` of the user whose stream has no `InvoiceDeleted`. It is the first invoice of page 1,
 * open for free without a subscription (DESIGN §5), the same one the query side's `newestInvoiceId`
 * finds by the same position. A checkout is rare, so the scan of the user's issue events is affordable.
 */
export async function newestInvoiceIdFromLog(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ streamId: events.streamId })
    .from(events)
    .where(
      and(
        eq(events.type, 'InvoiceIssued'),
        sql`${events.data}->>'userId' = ${userId}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(deleted)
            .where(and(eq(deleted.streamId, events.streamId), eq(deleted.type, 'InvoiceDeleted'))),
        ),
      ),
    )
    .orderBy(desc(events.position))
    .limit(1);
  return row ? row.streamId.replace(/^invoice-/, '') : null;
}
