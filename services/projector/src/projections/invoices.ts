import type { InvoiceContent, InvoiceEvent, InvoiceNumberEvent, SubscriptionEvent } from '@remit/contracts';
import { and, eq } from 'drizzle-orm';
import { defineProjection } from '../projection.js';
import { invoiceNumbers, invoices } from '../schema.js';

type Handled = InvoiceEvent | InvoiceNumberEvent | Extract<SubscriptionEvent, { type: 'InvoicePurchased' }>;

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

function contentOf(
  data: InvoiceContent & { invoiceId: string; userId: string; status?: string },
): InvoiceContent {
  const { invoiceId: _id, userId: _user, status: _status, ...content } = data;
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
  ] satisfies Handled['type'][],
  async apply(db, stored) {
    const event = stored as unknown as Handled;
    const at = stored.createdAt;
    switch (event.type) {
      case 'InvoiceIssued':
        await db
          .insert(invoices)
          .values({
            id: event.data.invoiceId,
            userId: event.data.userId,
            status: event.data.status,
            ...listColumns(contentOf(event.data)),
            issuedPosition: stored.position,
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
        await db
          .delete(invoices)
          .where(and(eq(invoices.id, event.data.invoiceId), eq(invoices.userId, event.data.userId)));
        return;
      case 'InvoiceNumberReserved':
        await db
          .insert(invoiceNumbers)
          .values({ userId: event.data.userId, number: event.data.number, position: stored.position })
          .onConflictDoNothing();
        return;
      case 'InvoicePurchased':
      case 'InvoicePaidFor':
        await db
          .update(invoices)
          .set({ status: 'paid', updatedAt: at })
          .where(and(eq(invoices.id, event.data.invoiceId), eq(invoices.userId, event.data.userId)));
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
