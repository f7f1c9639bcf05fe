import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Row } from './invoice-totals-rows.js';

/**
 * One invoice's share of its user's, currency's and client's kept figures, moved in and out one event at
 * a time (`apply`); invoice-totals.ts folds a whole batch the same way.
 */
const { clientCurrencyTotals, currencyTotals, totalsInvoices, userInvoiceTotals } = readModels;

export interface Share {
  invoices: number;
  billed: number;
  paid: number;
  outstanding: number;
  open: number;
}

/** What one invoice adds to its user's, currency's and client's figures (`sign` -1 takes it out). */
export const shareOf = (row: Row, sign: 1 | -1): Share => ({
  invoices: sign,
  billed: sign * (row.voided ? 0 : row.total),
  paid: sign * row.paid,
  outstanding: sign * row.balance,
  open: sign * (row.balance > 0 ? 1 : 0),
});

export const clientKey = (row: Row) => JSON.stringify([row.userId, row.customerEmail, row.currency]);

/** Adds one invoice's share to its kept rows; a row left with no invoice is removed. */
export async function move(db: Database, row: Row, share: Share): Promise<void> {
  if (share.invoices !== 0) {
    await db
      .insert(userInvoiceTotals)
      .values({ userId: row.userId, invoices: share.invoices })
      .onConflictDoUpdate({
        target: userInvoiceTotals.userId,
        set: { invoices: sql`${userInvoiceTotals.invoices} + excluded.invoices` },
      });
  }
  await db
    .insert(currencyTotals)
    .values({
      userId: row.userId,
      currency: row.currency,
      invoices: share.invoices,
      paid: share.paid,
      outstanding: share.outstanding,
    })
    .onConflictDoUpdate({
      target: [currencyTotals.userId, currencyTotals.currency],
      set: {
        invoices: sql`${currencyTotals.invoices} + excluded.invoices`,
        paid: sql`${currencyTotals.paid} + excluded.paid`,
        outstanding: sql`${currencyTotals.outstanding} + excluded.outstanding`,
      },
    });
  const c = clientCurrencyTotals;
  await db
    .insert(c)
    .values({
      userId: row.userId,
      customerEmail: row.customerEmail,
      currency: row.currency,
      customerName: row.customerName,
      newestPosition: row.issuedPosition,
      invoices: share.invoices,
      billed: share.billed,
      paid: share.paid,
      outstanding: share.outstanding,
      openInvoices: share.open,
      lastIssueDate: row.issueDate,
    })
    .onConflictDoUpdate({
      target: [c.userId, c.customerEmail, c.currency],
      set: {
        invoices: sql`${c.invoices} + excluded.invoices`,
        billed: sql`${c.billed} + excluded.billed`,
        paid: sql`${c.paid} + excluded.paid`,
        outstanding: sql`${c.outstanding} + excluded.outstanding`,
        openInvoices: sql`${c.openInvoices} + excluded.open_invoices`,
        // Taking an invoice in: it may be the client's newest; taking one out is settled by `refresh`.
        ...(share.invoices > 0
          ? {
              customerName: sql`case when excluded.newest_position >= ${c.newestPosition}
                then excluded.customer_name else ${c.customerName} end`,
              newestPosition: sql`greatest(${c.newestPosition}, excluded.newest_position)`,
              lastIssueDate: sql`greatest(${c.lastIssueDate}, excluded.last_issue_date)`,
            }
          : {}),
      },
    });
  if (share.invoices < 0) {
    await db
      .delete(currencyTotals)
      .where(and(lte(currencyTotals.invoices, 0), eq(currencyTotals.userId, row.userId)));
    await db
      .delete(c)
      .where(
        and(
          eq(c.userId, row.userId),
          eq(c.customerEmail, row.customerEmail),
          eq(c.currency, row.currency),
          lte(c.invoices, 0),
        ),
      );
  }
}

/**
 * The client's name (as on their newest invoice) and newest issue date, looked up again after an invoice
 * left them or changed: two indexed reads of one row each.
 */
export async function refresh(db: Database, row: Row): Promise<void> {
  const t = totalsInvoices;
  const c = clientCurrencyTotals;
  const sameClient = sql`${t.userId} = ${c.userId} and ${t.customerEmail} = ${c.customerEmail}
    and ${t.currency} = ${c.currency}`;
  await db
    .update(c)
    .set({
      customerName: sql`(select ${t.customerName} from ${t} where ${sameClient}
        order by ${t.issuedPosition} desc limit 1)`,
      newestPosition: sql`(select ${t.issuedPosition} from ${t} where ${sameClient}
        order by ${t.issuedPosition} desc limit 1)`,
      lastIssueDate: sql`(select max(${t.issueDate}) from ${t} where ${sameClient})`,
    })
    .where(
      and(
        eq(c.userId, row.userId),
        eq(c.customerEmail, row.customerEmail),
        eq(c.currency, row.currency),
        gt(c.invoices, 0),
      ),
    );
}
