import { createHash } from 'node:crypto';
import {
  type Activity,
  addDays,
  currencyByCode,
  type MoneyTotal,
  type QuickStats,
  RECENT_ACTIVITIES_LIMIT,
  RECENT_INVOICES_LIMIT,
  type RecentInvoice,
  type RecentInvoiceStatus,
  TOP_CLIENTS_LIMIT,
  type TopClient,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, countDistinct, desc, eq, sql } from 'drizzle-orm';

const { activities, clientTotals, currencyStats, invoices, statsInvoices } = readModels;

/** A client is active with an unpaid invoice or one issued in this many days (docs/decisions.md). */
export const ACTIVE_CLIENT_DAYS = 90;

/** yyyy-mm-dd of a moment, in UTC. */
export const utcDate = (moment: Date) => moment.toISOString().slice(0, 10);

/** Amounts of different currencies compared by their major units (no exchange rates): 100.00 EUR > 5000 JPY. */
const majorUnits = (amount: number, currency: string) =>
  amount / 10 ** (currencyByCode(currency)?.decimals ?? 2);

const byMajorUnits = (a: MoneyTotal, b: MoneyTotal) =>
  majorUnits(b.amount, b.currency) - majorUnits(a.amount, a.currency) || a.currency.localeCompare(b.currency);

/** `GET /settings/quick-stats` (docs/decisions.md, Profile and stats). */
export async function quickStats(db: Database, userId: string, today: string): Promise<QuickStats> {
  const perCurrency = await db.select().from(currencyStats).where(eq(currencyStats.userId, userId));
  const since = addDays(today, -ACTIVE_CLIENT_DAYS);
  const [customers] = await db
    .select({
      total: countDistinct(statsInvoices.customerEmail),
      active: sql<number>`count(distinct ${statsInvoices.customerEmail}) filter (where not ${statsInvoices.paid} or ${statsInvoices.issueDate} >= ${since})`,
    })
    .from(statsInvoices)
    .where(eq(statsInvoices.userId, userId));
  const totals = (pick: (row: (typeof perCurrency)[number]) => number) =>
    perCurrency
      .map((row) => ({ currency: row.currency, amount: Number(pick(row)) }))
      .filter((total) => total.amount > 0)
      .sort(byMajorUnits);
  return {
    totalRevenue: totals((row) => row.revenue),
    pendingPayments: totals((row) => row.pending),
    activeClients: Number(customers?.active ?? 0),
    totalInvoices: perCurrency.reduce((sum, row) => sum + row.invoices, 0),
    totalCustomers: Number(customers?.total ?? 0),
  };
}

/** A client's id in the answer: stable, per customer and currency, and not the e-mail itself. */
const clientId = (email: string, currency: string) =>
  createHash('sha256').update(`${email}\n${currency}`).digest('hex').slice(0, 24);

/**
 * `GET /customers/top` (docs/decisions.md, "Top clients"): amounts of different currencies are never
 * compared, so clients are ranked within their currency — by total, then invoices, then name — at most
 * TOP_CLIENTS_LIMIT per currency. Currencies come in order of how many invoices the user issued in them
 * (the one they use most first), then by code.
 */
export async function topClients(db: Database, userId: string): Promise<TopClient[]> {
  const rows = await db.select().from(clientTotals).where(eq(clientTotals.userId, userId));
  const invoicesIn = new Map<string, number>();
  for (const row of rows) invoicesIn.set(row.currency, (invoicesIn.get(row.currency) ?? 0) + row.invoices);
  const currencies = [...invoicesIn.keys()].sort(
    (a, b) => (invoicesIn.get(b) ?? 0) - (invoicesIn.get(a) ?? 0) || a.localeCompare(b),
  );
  return currencies.flatMap((currency) =>
    rows
      .filter((row) => row.currency === currency)
      .sort(
        (a, b) =>
          b.amount - a.amount || b.invoices - a.invoices || a.customerName.localeCompare(b.customerName),
      )
      .slice(0, TOP_CLIENTS_LIMIT)
      .map((row) => ({
        ID: clientId(row.customerEmail, row.currency),
        CustomerName: row.customerName,
        TotalInvoices: row.invoices,
        TotalAmount: Number(row.amount),
        Currency: row.currency,
      })),
  );
}

/** Paid when bought; otherwise Draft before its issue date, Overdue after its due date, else Pending. */
export function recentStatus(
  row: { status: string; issueDate: string; dueDate: string },
  today: string,
): RecentInvoiceStatus {
  if (row.status === 'paid') return 'Paid';
  if (row.issueDate > today) return 'Draft';
  if (row.dueDate < today) return 'Overdue';
  return 'Pending';
}

/** `GET /invoices/recent`: the newest invoices (as the list orders them). */
export async function recentInvoices(db: Database, userId: string, today: string): Promise<RecentInvoice[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      amount: invoices.amount,
      currency: invoices.currency,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedPosition))
    .limit(RECENT_INVOICES_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    InvoiceNumber: row.number,
    Status: recentStatus(row, today),
    IssueDate: row.issueDate,
    Amount: Number(row.amount),
    Currency: row.currency,
  }));
}

/** `GET /activities/recent`: newest first; `invoiceId` only while that invoice still exists. */
export async function recentActivities(db: Database, userId: string): Promise<Activity[]> {
  const rows = await db
    .select({
      position: activities.position,
      type: activities.type,
      at: activities.at,
      summary: activities.summary,
      invoiceId: invoices.id,
    })
    .from(activities)
    .leftJoin(invoices, and(eq(invoices.id, activities.invoiceId), eq(invoices.userId, activities.userId)))
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.position))
    .limit(RECENT_ACTIVITIES_LIMIT);
  return rows.map((row) => ({
    id: row.position.toString(),
    type: row.type,
    at: row.at.toISOString(),
    summary: row.summary,
    invoiceId: row.invoiceId ?? null,
  }));
}
