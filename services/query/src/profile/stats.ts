import { createHash } from 'node:crypto';
import {
  type Activity,
  addDays,
  type CollectionStatus,
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
import { and, countDistinct, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import { listInvoices } from '../invoices/repository.js';
import { creditsByClient, creditsByCurrency } from './credits.js';

const { activities, clientCurrencyTotals, currencyTotals, invoices, owingDays } = readModels;

/** A client is active with an unpaid invoice or one issued in this many days (docs/decisions.md). */
const ACTIVE_CLIENT_DAYS = 90;

/** yyyy-mm-dd of a moment, in UTC. */
export const utcDate = (moment: Date) => moment.toISOString().slice(0, 10);

/** Amounts of different currencies compared by their major units (no exchange rates): 100.00 EUR > 5000 JPY. */
const majorUnits = (amount: number, currency: string) =>
  amount / 10 ** (currencyByCode(currency)?.decimals ?? 2);

const byMajorUnits = (a: MoneyTotal, b: MoneyTotal) =>
  majorUnits(b.amount, b.currency) - majorUnits(a.amount, a.currency) || a.currency.localeCompare(b.currency);

/**
 * `GET /settings/quick-stats` (docs/decisions.md, "Getting paid"): revenue is money customers paid, pending
 * the balances still due, overdue those past their due date, per currency, over live invoices (a void one
 * asks for nothing). A one-time purchase from Remit unlocks an invoice and is not revenue. Read from the
 * rows `invoice-totals` keeps per user, currency and client; what depends on today (overdue, active
 * clients) is a range over the kept owing days and a pass over the user's client rows
 * (docs/decisions.md, "Scale out (issue 18)").
 */
export async function quickStats(db: Database, userId: string, today: string): Promise<QuickStats> {
  const perCurrency = await db
    .select({
      currency: currencyTotals.currency,
      revenue: currencyTotals.paid,
      pending: currencyTotals.outstanding,
      invoices: currencyTotals.invoices,
    })
    .from(currencyTotals)
    .where(eq(currencyTotals.userId, userId));
  // Overdue: the kept balances of the days before today, and of today for what was issued after its due date.
  const o = owingDays;
  const overdue = await db
    .select({ currency: o.currency, amount: sql<string>`sum(${o.balance})` })
    .from(o)
    .where(and(eq(o.userId, userId), lte(o.since, today), or(lt(o.since, today), eq(o.inclusive, true))))
    .groupBy(o.currency);
  const since = addDays(today, -ACTIVE_CLIENT_DAYS);
  const c = clientCurrencyTotals;
  const [customers] = await db
    .select({
      total: countDistinct(c.customerEmail),
      active: sql<number>`count(distinct ${c.customerEmail}) filter (where ${c.openInvoices} > 0 or ${c.lastIssueDate} >= ${since})`,
    })
    .from(c)
    .where(eq(c.userId, userId));
  // Credit notes: revenue is what customers keep paid up to what they owe (pending is after credits already).
  const credits = new Map((await creditsByCurrency(db, userId)).map((row) => [row.currency, row]));
  const totals = (rows: { currency: string; amount: number | string | null }[]) =>
    rows
      .map((row) => ({ currency: row.currency, amount: Number(row.amount ?? 0) }))
      .filter((total) => total.amount > 0)
      .sort(byMajorUnits);
  return {
    totalRevenue: totals(
      perCurrency.map((row) => ({
        currency: row.currency,
        amount: Number(row.revenue) - (credits.get(row.currency)?.revenue ?? 0),
      })),
    ),
    pendingPayments: totals(
      perCurrency.map((row) => ({
        currency: row.currency,
        amount: Number(row.pending),
      })),
    ),
    overduePayments: totals(overdue),
    activeClients: Number(customers?.active ?? 0),
    totalInvoices: perCurrency.reduce((sum, row) => sum + Number(row.invoices), 0),
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
 * (the one they use most first), then by code. From the kept client rows: SQL keeps, per currency, the
 * rows first by total and invoices (ties included), and the name decides here as before.
 */
export async function topClients(db: Database, userId: string): Promise<TopClient[]> {
  const c = clientCurrencyTotals;
  const k = currencyTotals;
  // Per currency, the first TOP_CLIENTS_LIMIT client rows by billed and invoices, ties included: a
  // backward walk of `client_currency_totals_rank` (user, currency, billed, invoices) that stops there.
  const result = await db.execute(sql`
    select ${k.currency} as currency, ${k.invoices} as currency_invoices, top.*
    from ${k} cross join lateral (
      select ${c.customerEmail} as customer_email, ${c.customerName} as customer_name,
        ${c.invoices} as invoices, ${c.billed} as amount, ${c.paid} as paid, ${c.outstanding} as outstanding
      from ${c}
      where ${c.userId} = ${k.userId} and ${c.currency} = ${k.currency}
      order by ${c.billed} desc, ${c.invoices} desc
      fetch first ${sql.raw(String(TOP_CLIENTS_LIMIT))} rows with ties
    ) top
    where ${k.userId} = ${userId}`);
  type Ranked = Record<
    | 'currency'
    | 'currency_invoices'
    | 'customer_email'
    | 'customer_name'
    | 'invoices'
    | 'amount'
    | 'paid'
    | 'outstanding',
    string | number
  >;
  const found = Array.isArray(result) ? (result as Ranked[]) : ((result as { rows: Ranked[] }).rows ?? []);
  // A client's total is what was billed less its credit notes (issue 27).
  const credited = await creditsByClient(db, userId);
  const rows = found.map((row) => ({
    currency: String(row.currency),
    customerEmail: String(row.customer_email),
    customerName: String(row.customer_name),
    invoices: Number(row.invoices),
    amount:
      Number(row.amount) - (credited.get(`${String(row.customer_email)}\n${String(row.currency)}`) ?? 0),
    paid: Number(row.paid),
    outstanding: Number(row.outstanding),
  }));
  const invoicesIn = new Map(found.map((row) => [String(row.currency), Number(row.currency_invoices)]));
  const currencies = [...new Set(rows.map((row) => row.currency))].sort(
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
        TotalAmount: row.amount,
        PaidAmount: row.paid,
        OutstandingAmount: row.outstanding,
        Currency: row.currency,
      })),
  );
}

/** The profile's word for a collection status (spec §4: Paid, Pending, Overdue, Draft; and Void). */
function recentStatus(status: CollectionStatus): RecentInvoiceStatus {
  switch (status) {
    case 'paid':
      return 'Paid';
    case 'draft':
      return 'Draft';
    case 'overdue':
      return 'Overdue';
    case 'void':
      return 'Void';
    case 'credited':
      return 'Credited';
    case 'refund_due':
      return 'Refund due';
    default:
      return 'Pending';
  }
}

/** `GET /invoices/recent`: the newest invoices (as the list orders them), by their collection status. */
export async function recentInvoices(db: Database, userId: string, today: string): Promise<RecentInvoice[]> {
  const { rows } = await listInvoices(
    db,
    userId,
    { page: 1, limit: RECENT_INVOICES_LIMIT, search: '', status: null },
    today,
  );
  return rows.map((row) => ({
    id: row.id,
    InvoiceNumber: row.number,
    Status: recentStatus(row.collection.CollectionStatus),
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
