import {
  type CollectionStatus,
  encodeInvoiceCursor,
  INVOICE_COUNT_CAP,
  type InvoiceCollectionView,
  type InvoiceCursor,
  type InvoiceListItem,
  type InvoiceStatus,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { type CollectionRow, collectionStatusSql, collectionView } from './collection.js';

const { invoiceCollection, invoices, userInvoiceTotals } = readModels;

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

/** The user's newest invoice: the one a non-subscriber may always open (DESIGN §5). */
export async function newestInvoiceId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedPosition), desc(invoices.id))
    .limit(1);
  return row?.id ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface ListQuery {
  page: number;
  limit: number;
  search: string;
  status: CollectionStatus | null;
  after?: InvoiceCursor | undefined;
  before?: InvoiceCursor | undefined;
}

/** The user's live invoices as kept by the `invoice-totals` projection: no rows counted per request. */
export async function keptInvoiceCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ invoices: userInvoiceTotals.invoices })
    .from(userInvoiceTotals)
    .where(eq(userInvoiceTotals.userId, userId))
    .limit(1);
  return row?.invoices ?? 0;
}

const cursorOf = (row: { issuedPosition: bigint; id: string }) =>
  encodeInvoiceCursor({ position: row.issuedPosition, id: row.id });

/**
 * A page of the user's invoices, newest first (by issue position, the id breaking any tie), each with its
 * collection figures; `status` filters by the collection status on `today` (docs/decisions.md, "Getting
 * paid"). `after`/`before` seek from a cursor in the `invoices_user_keyset` index; `page` alone skips along
 * that index (reading keys only, from whichever end of the kept count is nearer) and then reads the page's
 * rows. The total is the kept count, or for a search or status filter a count capped at INVOICE_COUNT_CAP
 * (more when paging beyond it), `capped` saying there are more (docs/decisions.md, "Scale out (issue 18)").
 */
export async function listInvoices(db: Database, userId: string, query: ListQuery, today: string) {
  const conditions: SQL[] = [eq(invoices.userId, userId)];
  if (query.search)
    conditions.push(ilike(invoices.searchText, `%${escapeLike(query.search.toLowerCase())}%`));
  if (query.status) conditions.push(eq(collectionStatusSql(today), query.status));
  const where = and(...conditions);
  const joined = and(
    eq(invoiceCollection.invoiceId, invoices.id),
    eq(invoiceCollection.userId, invoices.userId),
  );
  const selection = {
    invoice: invoices,
    collection: {
      total: invoiceCollection.total,
      amountPaid: invoiceCollection.amountPaid,
      voided: invoiceCollection.voided,
      issueDate: invoiceCollection.issueDate,
      dueDate: invoiceCollection.dueDate,
    },
  };
  const key = sql`(${invoices.issuedPosition}, ${invoices.id})`;
  const at = (cursor: InvoiceCursor) => sql`(${cursor.position.toString()}::bigint, ${cursor.id}::text)`;
  const newestFirst = [desc(invoices.issuedPosition), desc(invoices.id)];
  const oldestFirst = [asc(invoices.issuedPosition), asc(invoices.id)];
  const filtered = Boolean(query.search || query.status);
  const take = query.limit + 1;

  let found: { invoice: InvoiceRow; collection: unknown }[];
  let more: boolean;
  let kept: number | undefined;
  if (query.before) {
    // The page before (newer than) the cursor: read upwards from it, then put it back newest first.
    const upwards = await db
      .select(selection)
      .from(invoices)
      .leftJoin(invoiceCollection, joined)
      .where(and(where, sql`${key} > ${at(query.before)}`))
      .orderBy(...oldestFirst)
      .limit(take);
    more = upwards.length > query.limit;
    // Back at the top with less than a page (newer invoices came or went): the first page, whole.
    if (!more && upwards.length < query.limit) {
      return listInvoices(db, userId, { ...query, page: 1, before: undefined }, today);
    }
    found = upwards.slice(0, query.limit).reverse();
  } else if (query.after || filtered) {
    found = await db
      .select(selection)
      .from(invoices)
      .leftJoin(invoiceCollection, joined)
      .where(query.after ? and(where, sql`${key} < ${at(query.after)}`) : where)
      .orderBy(...newestFirst)
      .limit(take)
      .offset(query.after ? 0 : (query.page - 1) * query.limit);
    more = found.length > query.limit;
    found = found.slice(0, query.limit);
  } else {
    // `?page=N` unfiltered: skip along the index's keys only, then read just the page's rows. Past the
    // middle (by the kept count) from the oldest end: the last page skips nothing. There, one more row
    // than the page (the next older one, if any) says whether there are more.
    kept = await keptInvoiceCount(db, userId);
    const skip = (query.page - 1) * query.limit;
    const fromOldest = skip * 2 > kept && skip < kept;
    const size = Math.min(query.limit, kept - skip);
    const older = kept - skip - size;
    const page = db
      .select({ id: invoices.id })
      .from(invoices)
      .where(where)
      .orderBy(...(fromOldest ? oldestFirst : newestFirst))
      .limit(fromOldest ? size + (older > 0 ? 1 : 0) : take)
      .offset(fromOldest ? Math.max(older - 1, 0) : skip)
      .as('page');
    found = await db
      .select(selection)
      .from(page)
      .innerJoin(invoices, and(eq(invoices.id, page.id), eq(invoices.userId, userId)))
      .leftJoin(invoiceCollection, joined)
      .orderBy(...newestFirst);
    more = found.length > query.limit;
    found = found.slice(0, query.limit);
  }

  const rows = found.map(({ invoice, collection }) => ({
    ...invoice,
    collection: collectionView(collection as CollectionRow | null, invoice, today),
  }));
  const first = rows[0];
  const last = rows[rows.length - 1];
  const atStart = query.before ? !more : !query.after && query.page === 1;
  const atEnd = query.before ? false : !more;
  const { total, capped } = filtered
    ? await cappedCount(
        db,
        where,
        Boolean(query.status),
        Math.max(INVOICE_COUNT_CAP, query.page * query.limit),
      )
    : { total: kept ?? (await keptInvoiceCount(db, userId)), capped: false };
  return {
    rows,
    total,
    capped,
    nextCursor: !atEnd && last ? cursorOf(last) : null,
    previousCursor: !atStart && first ? cursorOf(first) : null,
  };
}

/** Counts the matches up to `cap`: past it the answer is "more than `cap`", at a bounded cost. */
async function cappedCount(db: Database, where: SQL | undefined, joinCollection: boolean, cap: number) {
  const matches = joinCollection
    ? db
        .select({ one: sql`1` })
        .from(invoices)
        .leftJoin(
          invoiceCollection,
          and(eq(invoiceCollection.invoiceId, invoices.id), eq(invoiceCollection.userId, invoices.userId)),
        )
        .where(where)
        .limit(cap + 1)
    : db
        .select({ one: sql`1` })
        .from(invoices)
        .where(where)
        .limit(cap + 1);
  const [row] = await db.select({ value: count() }).from(matches.as('matches'));
  const counted = row?.value ?? 0;
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

export function toListItem(
  row: InvoiceRow & { collection: InvoiceCollectionView },
  locked: boolean,
): InvoiceListItem & InvoiceCollectionView {
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
