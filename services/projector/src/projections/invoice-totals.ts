import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';
import { BatchRows, selectWhereIn, selectWhereKeys } from '../bulk.js';
import { defineProjection } from '../projection.js';
import { moveOwing, type OwingRow, owingColumns, owingKey, owingMoves } from './invoice-totals-owing.js';
import { figures, type Row, type TotalsEvent, transition } from './invoice-totals-rows.js';
import { clientKey, move, refresh, type Share, shareOf } from './invoice-totals-shares.js';

const { clientCurrencyTotals, currencyTotals, owingDays, totalsInvoices, userInvoiceTotals } = readModels;

type ClientRow = typeof clientCurrencyTotals.$inferSelect;

/**
 * The same as `apply` on each event in turn, for a whole batch (set-based): the batch's invoices and the
 * kept rows they touch are loaded once, the events are folded over them in memory in log order, and each
 * table is written with multi-row statements. The client rows an invoice left or renamed get their name
 * and newest date looked up again at the end, as `apply` does at once: both end with the name on the
 * client's newest invoice and their newest issue date.
 */
async function applyTotalsBatch(db: Database, events: TotalsEvent[]): Promise<void> {
  const loaded = (
    await selectWhereIn(
      db,
      totalsInvoices,
      totalsInvoices.invoiceId,
      events.map((event) => event.data.invoiceId),
    )
  ).filter((row) =>
    events.some((event) => event.data.invoiceId === row.invoiceId && event.data.userId === row.userId),
  );
  const contentKeys = events.flatMap((event) =>
    event.type === 'InvoiceIssued' || event.type === 'InvoiceRevised'
      ? [{ userId: event.data.userId, ...figures(event.data) }]
      : [],
  );
  const touched = [...loaded, ...contentKeys];
  const invoicesRows = new BatchRows(totalsInvoices, ['invoiceId'], loaded);
  // The kept rows the batch touches, read together (one round trip when pipelined, deferred-writes.ts).
  const c = clientCurrencyTotals;
  const [userRows, currencyRows, clientRows, owingRows] = await Promise.all([
    selectWhereIn(
      db,
      userInvoiceTotals,
      userInvoiceTotals.userId,
      touched.map((row) => row.userId),
    ),
    selectWhereKeys(
      db,
      currencyTotals,
      [currencyTotals.userId, currencyTotals.currency],
      touched.map((row) => [row.userId, row.currency]),
    ),
    selectWhereKeys(
      db,
      c,
      [c.userId, c.customerEmail, c.currency],
      touched.map((row) => [row.userId, row.customerEmail, row.currency]),
    ),
    selectWhereKeys(
      db,
      owingDays,
      owingColumns,
      touched.map((row) => Object.values(owingKey(row))),
    ),
  ]);
  const users = new BatchRows(userInvoiceTotals, ['userId'], userRows);
  const currencies = new BatchRows(currencyTotals, ['userId', 'currency'], currencyRows);
  const clients = new BatchRows(c, ['userId', 'customerEmail', 'currency'], clientRows);
  const owing = new BatchRows(owingDays, ['userId', 'since', 'currency', 'inclusive'], owingRows);
  const refreshes = new Map<string, Row>();

  const shiftOwing = (move: { row: Row; invoices: number; balance: number }) => {
    const key = owingKey(move.row);
    const kept: OwingRow = owing.get(key) ?? { ...key, invoices: 0, balance: 0 };
    const next = { ...kept, invoices: kept.invoices + move.invoices, balance: kept.balance + move.balance };
    if (next.invoices <= 0) owing.delete(key);
    else owing.put(next);
  };

  const shift = (row: Row, share: Share) => {
    if (share.invoices !== 0) {
      const user = users.get({ userId: row.userId }) ?? { userId: row.userId, invoices: 0 };
      users.put({ ...user, invoices: user.invoices + share.invoices });
    }
    const currency = currencies.get(row) ?? {
      userId: row.userId,
      currency: row.currency,
      invoices: 0,
      paid: 0,
      outstanding: 0,
    };
    const nextCurrency = {
      ...currency,
      invoices: currency.invoices + share.invoices,
      paid: currency.paid + share.paid,
      outstanding: currency.outstanding + share.outstanding,
    };
    if (share.invoices < 0 && nextCurrency.invoices <= 0) currencies.delete(row);
    else currencies.put(nextCurrency);
    const found = clients.get(row);
    const client: ClientRow = found ?? {
      userId: row.userId,
      customerEmail: row.customerEmail,
      currency: row.currency,
      customerName: row.customerName,
      newestPosition: row.issuedPosition,
      invoices: 0,
      billed: 0,
      paid: 0,
      outstanding: 0,
      openInvoices: 0,
      lastIssueDate: row.issueDate,
    };
    const nextClient: ClientRow = {
      ...client,
      invoices: client.invoices + share.invoices,
      billed: client.billed + share.billed,
      paid: client.paid + share.paid,
      outstanding: client.outstanding + share.outstanding,
      openInvoices: client.openInvoices + share.open,
    };
    if (found && share.invoices > 0) {
      if (row.issuedPosition >= client.newestPosition) {
        nextClient.customerName = row.customerName;
        nextClient.newestPosition = row.issuedPosition;
      }
      if (row.issueDate > client.lastIssueDate) nextClient.lastIssueDate = row.issueDate;
    }
    if (share.invoices < 0 && nextClient.invoices <= 0) clients.delete(row);
    else clients.put(nextClient);
  };

  for (const event of events) {
    const old = invoicesRows.get({ invoiceId: event.data.invoiceId });
    const mine = old && old.userId === event.data.userId ? old : undefined;
    const next = transition(mine, event);
    if (next === undefined) continue;
    if (next) invoicesRows.put(next);
    else invoicesRows.delete({ invoiceId: event.data.invoiceId });
    for (const move of owingMoves(mine, next)) shiftOwing(move);
    if (mine && next && clientKey(mine) === clientKey(next)) {
      const [from, to] = [shareOf(mine, -1), shareOf(next, 1)];
      shift(next, {
        invoices: 0,
        billed: from.billed + to.billed,
        paid: from.paid + to.paid,
        outstanding: from.outstanding + to.outstanding,
        open: from.open + to.open,
      });
      if (mine.customerName !== next.customerName || mine.issueDate !== next.issueDate) {
        refreshes.set(clientKey(next), next);
      }
      continue;
    }
    if (mine) {
      shift(mine, shareOf(mine, -1));
      refreshes.set(clientKey(mine), mine);
    }
    if (next) shift(next, shareOf(next, 1));
  }

  await invoicesRows.write(db);
  await users.write(db);
  await currencies.write(db);
  await clients.write(db);
  await owing.write(db);
  for (const row of refreshes.values()) await refresh(db, row);
}

/**
 * Kept per-user figures (docs/decisions.md, "Scale out (issue 18)"): the live invoice count the dashboard
 * pages by, and per currency and per client what is paid and what is owed, so quick stats and top clients
 * read a handful of kept rows instead of summing every invoice per request. Each event moves its invoice's
 * old figures out and its new ones in (no rescan); a repeated event finds nothing to move. What depends on
 * today is read when asked: overdue as a range over the kept days (`owing_days`), active clients from the
 * client rows.
 */
export const invoiceTotalsProjection = defineProjection({
  name: 'invoice-totals',
  tables: [
    'totals_invoices',
    'user_invoice_totals',
    'currency_totals',
    'client_currency_totals',
    'owing_days',
  ],
  handles: [
    'InvoiceIssued',
    'InvoiceRevised',
    'InvoiceDeleted',
    'PaymentRecorded',
    'PaymentReversed',
    'PaymentRestored',
    'InvoiceVoided',
    'InvoiceCredited',
    'RefundRecorded',
  ],
  async apply(db, event) {
    const { invoiceId, userId } = event.data;
    const own = and(eq(totalsInvoices.invoiceId, invoiceId), eq(totalsInvoices.userId, userId));
    const [old] = await db.select().from(totalsInvoices).where(own).limit(1);
    const next = transition(old, event);
    if (next === undefined) return;

    if (!next) await db.delete(totalsInvoices).where(own);
    else if (!old) await db.insert(totalsInvoices).values(next);
    else await db.update(totalsInvoices).set(next).where(own);
    for (const move of owingMoves(old, next)) await moveOwing(db, move);

    if (old && next && clientKey(old) === clientKey(next)) {
      const [from, to] = [shareOf(old, -1), shareOf(next, 1)];
      await move(db, next, {
        invoices: 0,
        billed: from.billed + to.billed,
        paid: from.paid + to.paid,
        outstanding: from.outstanding + to.outstanding,
        open: from.open + to.open,
      });
      const named = old.customerName !== next.customerName || old.issueDate !== next.issueDate;
      if (named) await refresh(db, next);
      return;
    }
    if (old) {
      await move(db, old, shareOf(old, -1));
      await refresh(db, old);
    }
    if (next) await move(db, next, shareOf(next, 1));
  },
  applyBatch: applyTotalsBatch,
});
