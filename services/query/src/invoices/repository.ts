import {
  type CollectionStatus,
  encodeInvoiceCursor,
  INVOICE_COUNT_PAGES,
  type InvoiceCollectionView,
  type InvoiceCursor,
  type InvoiceListItem,
  type InvoiceStatus,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, desc, eq } from 'drizzle-orm';
import { readRows } from '../rows.js';
import { type CollectionRow, collectionView } from './collection.js';
import { type ListHead, type ListRow, ordinalPageStatement, pageStatement } from './list-statements.js';

const { invoiceEInvoices, invoiceShares, invoices } = readModels;

export type InvoiceRow = typeof invoices.$inferSelect;

/** Every query names the owner in its WHERE clause: another user's id simply finds nothing. */
export async function findInvoice(db: Database, userId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

/**
 * The invoice an active customer page link opens, by the token's hash (one indexed read of `invoice_shares`), then
 * read by its owner's id like any owner's read; undefined for a wrong, stopped or never made link.
 */
export async function findSharedInvoice(db: Database, tokenHash: string): Promise<InvoiceRow | undefined> {
  const [share] = await db
    .select({ invoiceId: invoiceShares.invoiceId, userId: invoiceShares.userId })
    .from(invoiceShares)
    .where(and(eq(invoiceShares.tokenHash, tokenHash), eq(invoiceShares.active, true)))
    .limit(1);
  return share ? findInvoice(db, share.userId, share.invoiceId) : undefined;
}

/**
 * The invoice's e-invoice model and void day as the `invoice-einvoices` projection keeps them (D-440), or undefined
 * while that projection has not reached the invoice.
 */
export async function findInvoiceEInvoice(db: Database, userId: string, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoiceEInvoices.model, voidedOn: invoiceEInvoices.voidedOn })
    .from(invoiceEInvoices)
    .where(and(eq(invoiceEInvoices.userId, userId), eq(invoiceEInvoices.invoiceId, invoiceId)))
    .limit(1);
  return row;
}

/** The user's newest invoice: the one a non-subscriber may always open (DESIGN §5). */
export async function newestInvoice(
  db: Database,
  userId: string,
): Promise<{ id: string; issuedPosition: bigint } | null> {
  const [row] = await db
    .select({ id: invoices.id, issuedPosition: invoices.issuedPosition })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedPosition), desc(invoices.id))
    .limit(1);
  return row ?? null;
}

export async function newestInvoiceId(db: Database, userId: string): Promise<string | null> {
  return (await newestInvoice(db, userId))?.id ?? null;
}

export interface ListQuery {
  page: number;
  limit: number;
  search: string;
  status: CollectionStatus | null;
  after?: InvoiceCursor | undefined;
  before?: InvoiceCursor | undefined;
}

/** A list row: the invoice's list columns and its collection figures on `today`. */
export interface ListItemRow {
  id: string;
  userId: string;
  number: string;
  issueDate: string;
  dueDate: string;
  status: string;
  amount: number;
  currency: string;
  customerName: string;
  customerCompanyName: string;
  customerEmail: string;
  /** The issue position, as text (the sort key). */
  position: string;
  collection: InvoiceCollectionView;
}

function toItemRow(row: ListRow, today: string): ListItemRow {
  const invoice = {
    id: row.id,
    userId: row.user_id,
    number: row.number,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    customerName: row.customer_name,
    customerCompanyName: row.customer_company_name,
    customerEmail: row.customer_email,
    position: row.position,
  };
  const collected: CollectionRow | null = row.collected
    ? {
        total: Number(row.collection_total),
        amountPaid: Number(row.amount_paid),
        voided: row.voided === true,
        issueDate: row.collection_issue_date ?? '',
        dueDate: row.collection_due_date ?? '',
        credited: Number(row.credited),
        refunded: Number(row.refunded),
        fullyCredited: row.fully_credited === true,
      }
    : null;
  return { ...invoice, collection: collectionView(collected, invoice, today) };
}

const cursorOf = (row: ListItemRow) => encodeInvoiceCursor({ position: BigInt(row.position), id: row.id });

/**
 * A page of the user's invoices, newest first (by issue position, the id breaking any tie), each with its
 * collection figures; `status` filters by the collection status on `today` (docs/decisions.md, "Getting
 * paid"). `after`/`before` seek from a cursor in the `invoices_user_keyset` index; `page` alone reads a range
 * of the kept ordinals (D-420), skipping nothing. The total is the kept count, or for a search or status
 * filter the matches counted up to INVOICE_COUNT_PAGES pages from the page asked for, `capped` saying there are
 * more (D-511).
 * `subscribed` comes with it (the same statement): whether the user is paid up.
 *
 * One statement per request (list-statements.ts), and for a `before` page that reached the top, the first page.
 */
export async function listInvoices(db: Database, userId: string, query: ListQuery, today: string) {
  const filtered = Boolean(query.search || query.status);
  const take = query.limit + 1;
  const cap = (query.page - 1 + INVOICE_COUNT_PAGES) * query.limit;

  const fromCursor = Boolean(query.before || query.after);
  const skip = (query.page - 1) * query.limit;
  // `?page=N` unfiltered is a range of the kept ordinals; the rest one page from the top or from a cursor.
  const statement =
    fromCursor || filtered || query.page === 1
      ? pageStatement(userId, query, { take, offset: fromCursor ? 0 : skip, cap }, today)
      : ordinalPageStatement(userId, { skip, take });
  const read = await readRows<ListHead & Partial<ListRow>>(db, statement);
  const head = { subscribed: read[0]?.subscribed === true, matched: Number(read[0]?.matched ?? 0) };
  // One more row than the page (the next one, if any) says whether there are more.
  let found = read.filter((row) => row.id != null) as ListRow[];
  const more = found.length > query.limit;
  found = found.slice(0, query.limit);
  if (query.before) {
    // Back at the top with less than a page (newer invoices came or went): the first page, whole.
    if (!more && found.length < query.limit) {
      return listInvoices(db, userId, { ...query, page: 1, before: undefined }, today);
    }
    found.reverse();
  }

  const rows = found.map((row) => toItemRow(row, today));
  const first = rows[0];
  const last = rows[rows.length - 1];
  const atStart = query.before ? !more : !query.after && query.page === 1;
  const atEnd = query.before ? false : !more;
  const capped = filtered && head.matched > cap;
  return {
    subscribed: head.subscribed,
    rows,
    total: capped ? cap : head.matched,
    capped,
    nextCursor: !atEnd && last ? cursorOf(last) : null,
    previousCursor: !atStart && first ? cursorOf(first) : null,
  };
}

export function toListItem(row: ListItemRow, locked: boolean): InvoiceListItem & InvoiceCollectionView {
  const status = row.status as InvoiceStatus;
  return {
    ID: row.id,
    InvoiceNumber: row.number,
    IssueDate: row.issueDate,
    DueDate: row.dueDate,
    Status: status,
    is_paid: status === 'paid',
    Amount: row.amount,
    Currency: row.currency,
    CustomerName: row.customerName,
    CustomerCompanyName: row.customerCompanyName,
    CustomerEmail: row.customerEmail,
    locked,
    ...row.collection,
  };
}
