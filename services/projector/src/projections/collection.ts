import type { Database } from '@remit/eventstore';
import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { invoiceCollection, invoicePayments } = readModels;

function figures(content: {
  number: string;
  currency: string;
  total: number;
  issueDate: string;
  dueDate: string;
  customer: { email: string; name: string };
}) {
  return {
    number: content.number,
    currency: content.currency,
    total: content.total,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    customerEmail: content.customer.email.trim().toLowerCase(),
    customerName: content.customer.name,
  };
}

/** What stands paid is the sum of the invoice's payments not reversed: the same however often applied. */
async function sumPayments(db: Database, invoiceId: string, userId: string): Promise<void> {
  await db
    .update(invoiceCollection)
    .set({
      amountPaid: sql`(select coalesce(sum(${invoicePayments.amount}), 0) from ${invoicePayments}
        where ${invoicePayments.invoiceId} = ${invoiceId} and not ${invoicePayments.reversed})`,
    })
    .where(and(eq(invoiceCollection.invoiceId, invoiceId), eq(invoiceCollection.userId, userId)));
}

/**
 * The customer's side of each live invoice (docs/decisions.md, "Getting paid"): its figures, its payments
 * and whether it was voided. Its collection status depends on today and is derived when read.
 */
export const collectionProjection = defineProjection({
  name: 'collection',
  tables: ['invoice_collection', 'invoice_payments'],
  handles: [
    'InvoiceIssued',
    'InvoiceRevised',
    'InvoiceDeleted',
    'PaymentRecorded',
    'PaymentReversed',
    'InvoiceVoided',
  ],
  async apply(db, event) {
    const { invoiceId, userId } = event.data;
    const own = and(eq(invoiceCollection.invoiceId, invoiceId), eq(invoiceCollection.userId, userId));
    switch (event.type) {
      case 'InvoiceIssued':
        await db
          .insert(invoiceCollection)
          .values({ invoiceId, userId, ...figures(event.data), issuedPosition: event.position })
          .onConflictDoNothing();
        return;
      case 'InvoiceRevised':
        await db.update(invoiceCollection).set(figures(event.data)).where(own);
        return;
      case 'InvoiceDeleted':
        await db.delete(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
        await db.delete(invoiceCollection).where(own);
        return;
      case 'PaymentRecorded': {
        const { paymentId, amount, currency, date, method, reference, note } = event.data;
        await db
          .insert(invoicePayments)
          .values({
            paymentId,
            invoiceId,
            userId,
            amount,
            currency,
            date,
            method,
            reference,
            note,
            recordedAt: event.createdAt,
            position: event.position,
          })
          .onConflictDoNothing();
        await sumPayments(db, invoiceId, userId);
        return;
      }
      case 'PaymentReversed':
        await db
          .update(invoicePayments)
          .set({ reversed: true, reversalReason: event.data.reason })
          .where(
            and(
              eq(invoicePayments.paymentId, event.data.paymentId),
              eq(invoicePayments.invoiceId, invoiceId),
            ),
          );
        await sumPayments(db, invoiceId, userId);
        return;
      case 'InvoiceVoided':
        await db.update(invoiceCollection).set({ voided: true, voidReason: event.data.reason }).where(own);
        return;
      default:
        return unreachable(event);
    }
  },
});
