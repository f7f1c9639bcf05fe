import type {
  CollectionStatus,
  InvoiceCollectionView,
  InvoiceListItem,
  InvoiceStatus,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { type CollectionRow, collectionStatusSql, collectionView } from './collection.js';

const { invoiceCollection, invoices } = readModels;

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
    .orderBy(desc(invoices.issuedPosition))
    .limit(1);
  return row?.id ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A page of the user's invoices, newest first, each with its collection figures; `status` filters by the
 * collection status on `today` (docs/decisions.md, "Getting paid").
 */
export async function listInvoices(
  db: Database,
  userId: string,
  query: { page: number; limit: number; search: string; status: CollectionStatus | null },
  today: string,
) {
  const conditions: SQL[] = [eq(invoices.userId, userId)];
  if (query.search)
    conditions.push(ilike(invoices.searchText, `%${escapeLike(query.search.toLowerCase())}%`));
  if (query.status) conditions.push(eq(collectionStatusSql(today), query.status));
  const where = and(...conditions);
  const joined = and(
    eq(invoiceCollection.invoiceId, invoices.id),
    eq(invoiceCollection.userId, invoices.userId),
  );
  const [total] = await db
    .select({ value: count() })
    .from(invoices)
    .leftJoin(invoiceCollection, joined)
    .where(where);
  const rows = await db
    .select({
      invoice: invoices,
      collection: {
        total: invoiceCollection.total,
        amountPaid: invoiceCollection.amountPaid,
        voided: invoiceCollection.voided,
        issueDate: invoiceCollection.issueDate,
        dueDate: invoiceCollection.dueDate,
      },
    })
    .from(invoices)
    .leftJoin(invoiceCollection, joined)
    .where(where)
    .orderBy(desc(invoices.issuedPosition))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    rows: rows.map(({ invoice, collection }) => ({
      ...invoice,
      collection: collectionView(collection as CollectionRow | null, invoice, today),
    })),
    total: total?.value ?? 0,
  };
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
