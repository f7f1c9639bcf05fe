import { formatMoney, money } from '@remit/contracts';
import type { Database, StoredEvent } from '@remit/eventstore';
import { readModels } from '@remit/projector';
import { inArray } from 'drizzle-orm';

const { users } = readModels;

const summaries: Record<string, (data: Record<string, unknown>) => string> = {
  InvoiceIssued: (data) => `Issued invoice ${String(data.number)}`,
  InvoiceRevised: (data) => `Revised invoice ${String(data.number)}`,
  InvoiceDeleted: (data) => `Deleted invoice ${String(data.number)}`,
  InvoicePaidFor: (data) =>
    `Paid for one-time (${formatMoney(money(Number(data.amount), String(data.currency)))})`,
};

/** An invoice's own events for auditors: what, when, by whom. */
export async function historyOf(db: Database, events: StoredEvent[]) {
  const userIds = [
    ...new Set(events.map((event) => event.metadata.userId).filter((id): id is string => !!id)),
  ];
  const names = userIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
    : [];
  const nameOf = new Map(names.map((user) => [user.id, user.name]));
  return events.map((event) => {
    const by = event.metadata.userId ?? null;
    const at = typeof event.metadata.at === 'string' ? event.metadata.at : event.createdAt.toISOString();
    return {
      type: event.type,
      at,
      by: by ? { id: by, name: nameOf.get(by) ?? '' } : null,
      summary: summaries[event.type]?.(event.data as Record<string, unknown>) ?? event.type,
    };
  });
}
