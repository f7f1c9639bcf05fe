import type { InvoiceContent } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, desc, eq, sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';
import { applyStatsBatch } from './profile-stats-batch.js';

const { clientTotals, currencyStats, statsInvoices } = readModels;

function figures(content: Pick<InvoiceContent, 'customer' | 'currency' | 'total' | 'issueDate' | 'dueDate'>) {
  return {
    customerEmail: content.customer.email.trim().toLowerCase(),
    customerName: content.customer.name,
    currency: content.currency,
    amount: content.total,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
  };
}

type Figures = ReturnType<typeof figures> & { paid: boolean };
type Row = typeof statsInvoices.$inferSelect;

/**
 * Moves one invoice's figures into (+1) or out of (−1) the per-currency and per-client totals. Each event
 * takes the invoice's old figures out and puts its new ones in, so the work per event does not grow with the
 * user's invoices, and an event applied twice changes nothing the second time (its old and new figures are
 * then the same).
 */
async function shift(db: Database, userId: string, invoice: Figures, sign: 1 | -1): Promise<void> {
  const amount = sign * invoice.amount;
  const revenue = invoice.paid ? amount : 0;
  const pending = invoice.paid ? 0 : amount;
  await db
    .insert(currencyStats)
    .values({ userId, currency: invoice.currency, revenue, pending, invoices: sign })
    .onConflictDoUpdate({
      target: [currencyStats.userId, currencyStats.currency],
      set: {
        revenue: sql`${currencyStats.revenue} + ${revenue}`,
        pending: sql`${currencyStats.pending} + ${pending}`,
        invoices: sql`${currencyStats.invoices} + ${sign}`,
      },
    });
  await db
    .insert(clientTotals)
    .values({
      userId,
      customerEmail: invoice.customerEmail,
      currency: invoice.currency,
      customerName: invoice.customerName,
      invoices: sign,
      amount,
    })
    .onConflictDoUpdate({
      target: [clientTotals.userId, clientTotals.customerEmail, clientTotals.currency],
      set: {
        invoices: sql`${clientTotals.invoices} + ${sign}`,
        amount: sql`${clientTotals.amount} + ${amount}`,
      },
    });
}

/** After a shift: empty totals go, and a client is named as on their newest live invoice. */
async function tidy(db: Database, userId: string, touched: Figures[]): Promise<void> {
  for (const invoice of touched) {
    await db
      .delete(currencyStats)
      .where(
        and(
          eq(currencyStats.userId, userId),
          eq(currencyStats.currency, invoice.currency),
          eq(currencyStats.invoices, 0),
        ),
      );
    const client = and(
      eq(clientTotals.userId, userId),
      eq(clientTotals.customerEmail, invoice.customerEmail),
      eq(clientTotals.currency, invoice.currency),
    );
    await db.delete(clientTotals).where(and(client, eq(clientTotals.invoices, 0)));
    const [newest] = await db
      .select({ customerName: statsInvoices.customerName })
      .from(statsInvoices)
      .where(
        and(
          eq(statsInvoices.userId, userId),
          eq(statsInvoices.customerEmail, invoice.customerEmail),
          eq(statsInvoices.currency, invoice.currency),
        ),
      )
      .orderBy(desc(statsInvoices.issuedPosition))
      .limit(1);
    if (newest) await db.update(clientTotals).set({ customerName: newest.customerName }).where(client);
  }
}

const figuresOf = (row: Row): Figures => ({
  customerEmail: row.customerEmail,
  customerName: row.customerName,
  currency: row.currency,
  amount: row.amount,
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  paid: row.paid,
});

/**
 * The profile's quick stats and top clients (docs/decisions.md, Profile and stats): each live invoice's
 * figures, and per user the totals by currency and by client. Revisions replace an invoice's figures,
 * deletion removes them, InvoicePaidFor and InvoicePurchased mark it paid.
 */
export const profileStatsProjection = defineProjection({
  name: 'profile-stats',
  tables: ['stats_invoices', 'currency_stats', 'client_totals'],
  handles: ['InvoiceIssued', 'InvoiceRevised', 'InvoiceDeleted', 'InvoicePaidFor', 'InvoicePurchased'],
  applyBatch: applyStatsBatch,
  async apply(db, event) {
    const { userId, invoiceId } = event.data;
    const own = and(eq(statsInvoices.invoiceId, invoiceId), eq(statsInvoices.userId, userId));
    const [before] = await db.select().from(statsInvoices).where(own).limit(1);
    let after: Row[] = [];
    switch (event.type) {
      case 'InvoiceIssued':
        if (before) return; // applied before
        after = await db
          .insert(statsInvoices)
          .values({ invoiceId, userId, ...figures(event.data), paid: false, issuedPosition: event.position })
          // Another user's invoice of that id (never in a log the deciders wrote): left alone, as in a batch.
          .onConflictDoNothing()
          .returning();
        break;
      case 'InvoiceRevised':
        after = await db.update(statsInvoices).set(figures(event.data)).where(own).returning();
        break;
      case 'InvoiceDeleted':
        await db.delete(statsInvoices).where(own);
        break;
      case 'InvoicePaidFor':
      case 'InvoicePurchased':
        after = await db.update(statsInvoices).set({ paid: true }).where(own).returning();
        break;
      default:
        return unreachable(event);
    }
    const out = before ? [figuresOf(before)] : [];
    const into = after.map(figuresOf);
    for (const invoice of out) await shift(db, userId, invoice, -1);
    for (const invoice of into) await shift(db, userId, invoice, 1);
    await tidy(db, userId, [...out, ...into]);
  },
});
