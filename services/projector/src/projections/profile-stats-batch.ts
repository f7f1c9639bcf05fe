import type { EventNamed } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { type RecordedEvent, unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { inArray, type SQL, sql } from 'drizzle-orm';

const { clientTotals, currencyStats, statsInvoices } = readModels;

type Row = typeof statsInvoices.$inferSelect;
type StatsEvent = RecordedEvent<
  EventNamed<'InvoiceIssued' | 'InvoiceRevised' | 'InvoiceDeleted' | 'InvoicePaidFor' | 'InvoicePurchased'>
>;

interface CurrencyDelta {
  userId: string;
  currency: string;
  revenue: number;
  pending: number;
  invoices: number;
}
interface ClientDelta {
  userId: string;
  customerEmail: string;
  currency: string;
  customerName: string;
  invoices: number;
  amount: number;
}

const tuple = (values: string[]): SQL =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/**
 * profile-stats for a whole batch in set-based SQL: the batch's invoices are read once, the events are
 * folded over them in memory (each event moves its invoice's old figures out and its new ones in, as
 * one event at a time does), and each table is then written with one multi-row statement: ~8 statements
 * a batch instead of ~8 an event. The rows are the same as one event at a time (the batching test).
 */
export async function applyStatsBatch(db: Database, events: StatsEvent[]): Promise<void> {
  const ids = [...new Set(events.map((event) => event.data.invoiceId))];
  const loaded = await db.select().from(statsInvoices).where(inArray(statsInvoices.invoiceId, ids));
  const rows = new Map<string, Row | undefined>(loaded.map((row) => [row.invoiceId, row]));
  const existed = new Set(rows.keys());
  const currencies = new Map<string, CurrencyDelta>();
  const clients = new Map<string, ClientDelta>();

  const shift = (invoice: Row, sign: 1 | -1) => {
    const amount = sign * invoice.amount;
    const currencyKey = JSON.stringify([invoice.userId, invoice.currency]);
    const currency = currencies.get(currencyKey) ?? {
      userId: invoice.userId,
      currency: invoice.currency,
      revenue: 0,
      pending: 0,
      invoices: 0,
    };
    if (invoice.paid) currency.revenue += amount;
    else currency.pending += amount;
    currency.invoices += sign;
    currencies.set(currencyKey, currency);
    const clientKey = JSON.stringify([invoice.userId, invoice.customerEmail, invoice.currency]);
    const client = clients.get(clientKey) ?? {
      userId: invoice.userId,
      customerEmail: invoice.customerEmail,
      currency: invoice.currency,
      customerName: invoice.customerName,
      invoices: 0,
      amount: 0,
    };
    client.invoices += sign;
    client.amount += amount;
    clients.set(clientKey, client);
  };

  for (const event of events) {
    const { invoiceId, userId } = event.data;
    const found = rows.get(invoiceId);
    const before = found?.userId === userId ? found : undefined;
    let after: Row | undefined;
    switch (event.type) {
      case 'InvoiceIssued': {
        if (found) continue; // applied before
        const { customer, currency, total, issueDate, dueDate } = event.data;
        after = {
          invoiceId,
          userId,
          customerEmail: customer.email.trim().toLowerCase(),
          customerName: customer.name,
          currency,
          amount: total,
          issueDate,
          dueDate,
          paid: false,
          issuedPosition: event.position,
        };
        break;
      }
      case 'InvoiceRevised': {
        if (!before) continue;
        const { customer, currency, total, issueDate, dueDate } = event.data;
        after = {
          ...before,
          customerEmail: customer.email.trim().toLowerCase(),
          customerName: customer.name,
          currency,
          amount: total,
          issueDate,
          dueDate,
        };
        break;
      }
      case 'InvoiceDeleted':
        if (!before) continue;
        after = undefined;
        break;
      case 'InvoicePaidFor':
      case 'InvoicePurchased':
        if (!before) continue;
        after = { ...before, paid: true };
        break;
      default:
        return unreachable(event);
    }
    if (before) shift(before, -1);
    if (after) shift(after, 1);
    rows.set(invoiceId, after);
  }

  const kept = [...rows.values()].filter((row): row is Row => row !== undefined);
  const gone = [...existed].filter((id) => rows.get(id) === undefined);
  if (gone.length > 0) await db.delete(statsInvoices).where(inArray(statsInvoices.invoiceId, gone));
  if (kept.length > 0) {
    await db
      .insert(statsInvoices)
      .values(kept)
      .onConflictDoUpdate({
        target: statsInvoices.invoiceId,
        set: {
          customerEmail: sql`excluded.customer_email`,
          customerName: sql`excluded.customer_name`,
          currency: sql`excluded.currency`,
          amount: sql`excluded.amount`,
          paid: sql`excluded.paid`,
          issueDate: sql`excluded.issue_date`,
          dueDate: sql`excluded.due_date`,
        },
      });
  }
  if (currencies.size > 0) {
    const touched = [...currencies.values()];
    await db
      .insert(currencyStats)
      .values(touched)
      .onConflictDoUpdate({
        target: [currencyStats.userId, currencyStats.currency],
        set: {
          revenue: sql`${currencyStats.revenue} + excluded.revenue`,
          pending: sql`${currencyStats.pending} + excluded.pending`,
          invoices: sql`${currencyStats.invoices} + excluded.invoices`,
        },
      });
    await db.execute(
      sql`delete from currency_stats where invoices = 0 and (user_id, currency) in (${sql.join(
        touched.map((row) => tuple([row.userId, row.currency])),
        sql`, `,
      )})`,
    );
  }
  if (clients.size > 0) {
    const touched = [...clients.values()];
    await db
      .insert(clientTotals)
      .values(touched)
      .onConflictDoUpdate({
        target: [clientTotals.userId, clientTotals.customerEmail, clientTotals.currency],
        set: {
          invoices: sql`${clientTotals.invoices} + excluded.invoices`,
          amount: sql`${clientTotals.amount} + excluded.amount`,
        },
      });
    const keys = sql.join(
      touched.map((row) => tuple([row.userId, row.customerEmail, row.currency])),
      sql`, `,
    );
    await db.execute(
      sql`delete from client_totals where invoices = 0 and (user_id, customer_email, currency) in (${keys})`,
    );
    // A client is named as on their newest live invoice.
    await db.execute(sql`
      update client_totals c set customer_name = newest.customer_name
      from (
        select distinct on (user_id, customer_email, currency) user_id, customer_email, currency, customer_name
        from stats_invoices
        where (user_id, customer_email, currency) in (${keys})
        order by user_id, customer_email, currency, issued_position desc
      ) newest
      where c.user_id = newest.user_id and c.customer_email = newest.customer_email
        and c.currency = newest.currency and c.customer_name is distinct from newest.customer_name`);
  }
}
