import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { count, eq, sum } from 'drizzle-orm';

const { invoices } = readModels;

/** Counts and totals per currency (amounts never add across currencies). */
export async function summaryOf(db: Database, userId: string) {
  const rows = await db
    .select({
      currency: invoices.currency,
      status: invoices.status,
      invoices: count(),
      amount: sum(invoices.amount).mapWith(Number),
    })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .groupBy(invoices.currency, invoices.status);
  const byCurrency = new Map<string, { currency: string; total: number; paid: number; pending: number }>();
  let totalInvoices = 0;
  let paidInvoices = 0;
  for (const row of rows) {
    const entry = byCurrency.get(row.currency) ?? { currency: row.currency, total: 0, paid: 0, pending: 0 };
    entry.total += row.amount;
    if (row.status === 'paid') entry.paid += row.amount;
    else entry.pending += row.amount;
    byCurrency.set(row.currency, entry);
    totalInvoices += row.invoices;
    if (row.status === 'paid') paidInvoices += row.invoices;
  }
  return {
    totalInvoices,
    paidInvoices,
    pendingInvoices: totalInvoices - paidInvoices,
    amounts: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
