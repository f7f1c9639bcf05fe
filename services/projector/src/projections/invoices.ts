import type { InvoiceContent, InvoiceRecord } from '@remit/contracts';
import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';
import { BatchRows, insertNew, ROWS_PER_STATEMENT, selectWhereIn } from '../bulk.js';
import { defineProjection } from '../projection.js';
import { deleteNumbered, nextOrdinal, numberInInsert, renumber, UNNUMBERED } from './invoice-ordinals.js';

const { invoiceNumbers, invoices } = readModels;

function listColumns(content: InvoiceContent) {
  const { customer } = content;
  return {
    number: content.number,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    amount: content.total,
    currency: content.currency,
    customerName: customer.name,
    customerEmail: customer.email,
    customerCompanyName: customer.companyName,
    searchText: [content.number, customer.name, customer.email, customer.companyName].join(' ').toLowerCase(),
    content,
  };
}

/**
 * The spec's content, as the API answers it. The e-invoice model (v2's `eInvoice`) stays in the log: the e-invoice
 * routes read it from the invoice's own stream, and the row of a v1 invoice stays exactly what it was.
 */
function contentOf(
  data: InvoiceRecord & { invoiceId: string; userId: string; status?: string; origin?: unknown },
): InvoiceContent {
  const {
    invoiceId: _id,
    userId: _user,
    status: _status,
    eInvoice: _eInvoice,
    origin: _origin,
    ...content
  } = data;
  return content;
}

/** The invoice list and details per user, and the numbers each user has reserved. */
export const invoicesProjection = defineProjection({
  name: 'invoices',
  tables: ['invoices', 'invoice_numbers'],
  handles: [
    'InvoiceIssued',
    'InvoiceRevised',
    'InvoiceDeleted',
    'InvoiceNumberReserved',
    'InvoicePurchased',
    'InvoicePaidFor',
  ],
  async apply(db, event) {
    const at = event.createdAt;
    switch (event.type) {
      case 'InvoiceIssued':
        await db
          .insert(invoices)
          .values({
            id: event.data.invoiceId,
            userId: event.data.userId,
            status: event.data.status,
            ...listColumns(contentOf(event.data)),
            issuedPosition: event.position,
            ordinal: nextOrdinal(event.data.userId),
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing();
        return;
      case 'InvoiceRevised':
        await db
          .update(invoices)
          .set({ ...listColumns(contentOf(event.data)), updatedAt: at })
          .where(and(eq(invoices.id, event.data.invoiceId), eq(invoices.userId, event.data.userId)));
        return;
      case 'InvoiceDeleted':
        await deleteNumbered(db, event.data.userId, event.data.invoiceId);
        return;
      case 'InvoiceNumberReserved':
        await db
          .insert(invoiceNumbers)
          .values({ userId: event.data.userId, number: event.data.number, position: event.position })
          .onConflictDoNothing();
        return;
      case 'InvoicePurchased':
      case 'InvoicePaidFor':
        await db
          .update(invoices)
          .set({ status: 'paid', updatedAt: at })
          .where(and(eq(invoices.id, event.data.invoiceId), eq(invoices.userId, event.data.userId)));
        return;
      default:
        return unreachable(event);
    }
  },
  // The same, folded in memory per row in log order, then written with one upsert and one delete a table.
  async applyBatch(db, events) {
    const ids = events.flatMap((event) => ('invoiceId' in event.data ? [event.data.invoiceId] : []));
    const rows = new BatchRows(invoices, ['id'], await selectWhereIn(db, invoices, invoices.id, ids));
    const numbers: (typeof invoiceNumbers.$inferInsert)[] = [];
    // Per user whose list changed: the lowest ordinal a deletion freed (undefined: new invoices only).
    const floors = new Map<string, number | undefined>();
    const moved = (userId: string, ordinal?: number) => {
      const floor = floors.get(userId);
      floors.set(userId, ordinal && (floor === undefined || ordinal < floor) ? ordinal : floor);
    };
    for (const event of events) {
      const at = event.createdAt;
      if (event.type === 'InvoiceNumberReserved') {
        const { userId, number } = event.data;
        numbers.push({ userId, number, position: event.position });
        continue;
      }
      const { invoiceId, userId } = event.data;
      const found = rows.get({ id: invoiceId });
      const own = found?.userId === userId ? found : undefined;
      switch (event.type) {
        case 'InvoiceIssued':
          if (found) break;
          rows.put({
            id: invoiceId,
            userId,
            status: event.data.status,
            ...listColumns(contentOf(event.data)),
            issuedPosition: event.position,
            ordinal: UNNUMBERED,
            createdAt: at,
            updatedAt: at,
          });
          moved(userId);
          break;
        case 'InvoiceRevised':
          if (own) rows.put({ ...own, ...listColumns(contentOf(event.data)), updatedAt: at });
          break;
        case 'InvoiceDeleted':
          if (own) {
            rows.delete(own);
            // A row issued in this batch is not numbered yet: its deletion frees nothing below.
            moved(userId, own.ordinal);
          }
          break;
        case 'InvoicePurchased':
        case 'InvoicePaidFor':
          if (own) rows.put({ ...own, status: 'paid', updatedAt: at });
          break;
        default:
          return unreachable(event);
      }
    }
    // New rows of a user with no deletion here are numbered in their insert; the others after it (D-600).
    const ordinal = numberInInsert(rows, floors, ROWS_PER_STATEMENT);
    await rows.write(db, ordinal ? { ordinal } : {});
    await renumber(db, floors);
    // Reserved numbers are only added, the first reservation of a number standing.
    await insertNew(db, invoiceNumbers, ['userId', 'number'], numbers);
  },
});
