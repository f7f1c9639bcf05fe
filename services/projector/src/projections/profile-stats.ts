import type { InvoiceContent, InvoiceEvent, SubscriptionEvent } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { and, eq, sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';
import { clientTotals, currencyStats, statsInvoices } from '../schema.js';

type Handled = InvoiceEvent | Extract<SubscriptionEvent, { type: 'InvoicePurchased' }>;

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

/**
 * Recomputes the user's per-currency stats and per-client totals from their live invoices. Every event ends
 * here, so applying one twice, or rebuilding from zero, gives the same rows (nothing is incremented).
 */
async function recompute(db: Database, userId: string): Promise<void> {
  await db.delete(currencyStats).where(eq(currencyStats.userId, userId));
  await db.execute(sql`
    insert into ${currencyStats} (user_id, currency, revenue, pending, invoices)
    select user_id, currency,
      coalesce(sum(amount) filter (where paid), 0),
      coalesce(sum(amount) filter (where not paid), 0),
      count(*)
    from ${statsInvoices}
    where user_id = ${userId}
    group by user_id, currency`);
  await db.delete(clientTotals).where(eq(clientTotals.userId, userId));
  await db.execute(sql`
    insert into ${clientTotals} (user_id, customer_email, currency, customer_name, invoices, amount)
    select user_id, customer_email, currency,
      (array_agg(customer_name order by issued_position desc))[1],
      count(*),
      sum(amount)
    from ${statsInvoices}
    where user_id = ${userId}
    group by user_id, customer_email, currency`);
}

/**
 * The profile's quick stats and top clients (docs/decisions.md, Profile and stats): each live invoice's
 * figures, and per user the totals by currency and by client. Revisions replace an invoice's figures,
 * deletion removes them, InvoicePaidFor and InvoicePurchased mark it paid.
 */
export const profileStatsProjection = defineProjection({
  name: 'profile-stats',
  tables: ['stats_invoices', 'currency_stats', 'client_totals'],
  handles: [
    'InvoiceIssued',
    'InvoiceRevised',
    'InvoiceDeleted',
    'InvoicePaidFor',
    'InvoicePurchased',
  ] satisfies Handled['type'][],
  async apply(db, stored) {
    const event = stored as unknown as Handled;
    const { userId, invoiceId } = event.data;
    const own = and(eq(statsInvoices.invoiceId, invoiceId), eq(statsInvoices.userId, userId));
    switch (event.type) {
      case 'InvoiceIssued':
        await db
          .insert(statsInvoices)
          .values({ invoiceId, userId, ...figures(event.data), paid: false, issuedPosition: stored.position })
          .onConflictDoNothing();
        break;
      case 'InvoiceRevised':
        await db.update(statsInvoices).set(figures(event.data)).where(own);
        break;
      case 'InvoiceDeleted':
        await db.delete(statsInvoices).where(own);
        break;
      case 'InvoicePaidFor':
      case 'InvoicePurchased':
        await db.update(statsInvoices).set({ paid: true }).where(own);
        break;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
    await recompute(db, userId);
  },
});
