import type { InvoiceListItem, InvoiceStatus } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';

const { invoices } = readModels;

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

export async function listInvoices(
  db: Database,
  userId: string,
  query: { page: number; limit: number; search: string; status: string },
) {
  const conditions: SQL[] = [eq(invoices.userId, userId)];
  if (query.search)
    conditions.push(ilike(invoices.searchText, `%${escapeLike(query.search.toLowerCase())}%`));
  if (query.status) conditions.push(eq(invoices.status, query.status));
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(invoices).where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.issuedPosition))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: total?.value ?? 0 };
}

export function toListItem(row: InvoiceRow, locked: boolean): InvoiceListItem {
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
  };
}
