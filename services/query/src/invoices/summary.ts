import { incrementInvoiceNumber } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, count, desc, eq, sum } from 'drizzle-orm';

const { invoices, invoiceNumbers } = readModels;

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

/** The user's last reserved number with its trailing digits counted up (INV-009 → INV-010), free of clashes. */
export async function nextInvoiceNumber(db: Database, userId: string): Promise<string> {
  const [last] = await db
    .select({ number: invoiceNumbers.number })
    .from(invoiceNumbers)
    .where(eq(invoiceNumbers.userId, userId))
    .orderBy(desc(invoiceNumbers.position))
    .limit(1);
  let candidate = last ? increment(last.number) : 'INV-0001';
  for (let tries = 0; tries < 50; tries++) {
    const [taken] = await db
      .select({ n: count() })
      .from(invoiceNumbers)
      .where(and(eq(invoiceNumbers.userId, userId), eq(invoiceNumbers.number, candidate)));
    if (!taken?.n) return candidate;
    candidate = increment(candidate);
  }
  return increment(`${candidate}-0`);
}

export const increment = incrementInvoiceNumber;
