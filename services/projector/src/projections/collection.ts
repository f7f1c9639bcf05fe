import type { Database } from '@remit/eventstore';
import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { BatchRows, selectWhereIn } from '../bulk.js';
import { defineProjection } from '../projection.js';
import { figures as invoiceFigures } from './invoice-totals-rows.js';

const { invoiceCollection, invoicePayments } = readModels;

/** The totals' invoice figures (one rule for the customer's e-mail), with the number. */
function figures(content: Parameters<typeof invoiceFigures>[0] & { number: string }) {
  return { number: content.number, ...invoiceFigures(content) };
}

/** What stands paid is the sum of what stands of the invoice's payments: the same however often applied. */
async function sumPayments(db: Database, invoiceId: string, userId: string): Promise<void> {
  await db
    .update(invoiceCollection)
    .set({
      amountPaid: sql`(select coalesce(sum(${invoicePayments.amount} - ${invoicePayments.reversedAmount}), 0)
        from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoiceId})`,
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
    'PaymentRestored',
    'InvoiceVoided',
    'InvoiceBecameOverdue',
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
      case 'InvoiceBecameOverdue':
        await db.update(invoiceCollection).set({ overdue: true }).where(own);
        return;
      case 'InvoiceDeleted':
        await db.delete(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
        await db.delete(invoiceCollection).where(own);
        return;
      case 'PaymentRecorded': {
        const { paymentId, amount, currency, date, method, reference, note, source, fee } = event.data;
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
            source,
            fee,
            recordedAt: event.createdAt,
            position: event.position,
          })
          .onConflictDoNothing();
        await sumPayments(db, invoiceId, userId);
        return;
      }
      case 'PaymentReversed':
      case 'PaymentRestored': {
        const change = event.type === 'PaymentReversed' ? event.data.amount : -event.data.amount;
        const reversedAmount = sql`${invoicePayments.reversedAmount} + ${change}`;
        await db
          .update(invoicePayments)
          .set({
            reversedAmount,
            reversed: sql`${reversedAmount} >= ${invoicePayments.amount}`,
            reversalReason: event.data.reason,
            changedPosition: event.position,
          })
          .where(
            and(
              eq(invoicePayments.paymentId, event.data.paymentId),
              eq(invoicePayments.invoiceId, invoiceId),
              sql`coalesce(${invoicePayments.changedPosition}, ${invoicePayments.position}) < ${event.position}`,
            ),
          );
        await sumPayments(db, invoiceId, userId);
        return;
      }
      case 'InvoiceVoided':
        await db.update(invoiceCollection).set({ voided: true, voidReason: event.data.reason }).where(own);
        return;
      default:
        return unreachable(event);
    }
  },
  // The same, folded in memory per invoice in log order, then one upsert and one delete a table.
  async applyBatch(db, events) {
    const invoiceIds = [...new Set(events.map((event) => event.data.invoiceId))];
    const paymentIds = events.flatMap((event) =>
      event.type === 'PaymentRecorded' ? [event.data.paymentId] : [],
    );
    // Both reads at once (one round trip when pipelined, deferred-writes.ts).
    const [collected, loaded] = await Promise.all([
      selectWhereIn(db, invoiceCollection, invoiceCollection.invoiceId, invoiceIds),
      db
        .select()
        .from(invoicePayments)
        .where(
          paymentIds.length > 0
            ? or(
                inArray(invoicePayments.invoiceId, invoiceIds),
                inArray(invoicePayments.paymentId, paymentIds),
              )
            : inArray(invoicePayments.invoiceId, invoiceIds),
        ),
    ]);
    const invoicesOf = new BatchRows(invoiceCollection, ['invoiceId'], collected);
    const payments = new BatchRows(invoicePayments, ['paymentId'], loaded);
    const byInvoice = new Map<string, Set<string>>();
    const link = (invoiceId: string, paymentId: string) => {
      const ids = byInvoice.get(invoiceId) ?? new Set<string>();
      ids.add(paymentId);
      byInvoice.set(invoiceId, ids);
    };
    for (const row of loaded) link(row.invoiceId, row.paymentId);
    const paymentsOf = (invoiceId: string) =>
      [...(byInvoice.get(invoiceId) ?? [])].flatMap((paymentId) => {
        const row = payments.get({ paymentId });
        return row?.invoiceId === invoiceId ? [row] : [];
      });
    const sum = (invoiceId: string, userId: string) => {
      const own = invoicesOf.get({ invoiceId });
      if (own?.userId !== userId) return;
      const amountPaid = paymentsOf(invoiceId).reduce(
        (total, payment) => total + payment.amount - payment.reversedAmount,
        0,
      );
      invoicesOf.put({ ...own, amountPaid });
    };
    for (const event of events) {
      const { invoiceId, userId } = event.data;
      const found = invoicesOf.get({ invoiceId });
      const own = found?.userId === userId ? found : undefined;
      switch (event.type) {
        case 'InvoiceIssued':
          if (!found)
            invoicesOf.put({
              invoiceId,
              userId,
              ...figures(event.data),
              amountPaid: 0,
              voided: false,
              voidReason: null,
              issuedPosition: event.position,
              overdue: false,
            });
          break;
        case 'InvoiceRevised':
          if (own) invoicesOf.put({ ...own, ...figures(event.data) });
          break;
        case 'InvoiceBecameOverdue':
          if (own) invoicesOf.put({ ...own, overdue: true });
          break;
        case 'InvoiceDeleted':
          for (const payment of paymentsOf(invoiceId)) payments.delete(payment);
          if (own) invoicesOf.delete(own);
          break;
        case 'PaymentRecorded': {
          const { paymentId, amount, currency, date, method, reference, note, source, fee } = event.data;
          if (!payments.get({ paymentId })) {
            payments.put({
              paymentId,
              invoiceId,
              userId,
              amount,
              currency,
              date,
              method,
              reference,
              note,
              source,
              fee,
              reversed: false,
              reversedAmount: 0,
              reversalReason: null,
              changedPosition: null,
              recordedAt: event.createdAt,
              position: event.position,
            });
            link(invoiceId, paymentId);
          }
          sum(invoiceId, userId);
          break;
        }
        case 'PaymentReversed':
        case 'PaymentRestored': {
          const payment = payments.get({ paymentId: event.data.paymentId });
          const applied = payment && (payment.changedPosition ?? payment.position) >= event.position;
          if (payment?.invoiceId === invoiceId && !applied) {
            const change = event.type === 'PaymentReversed' ? event.data.amount : -event.data.amount;
            const reversedAmount = payment.reversedAmount + change;
            payments.put({
              ...payment,
              reversedAmount,
              reversed: reversedAmount >= payment.amount,
              reversalReason: event.data.reason,
              changedPosition: event.position,
            });
          }
          sum(invoiceId, userId);
          break;
        }
        case 'InvoiceVoided':
          if (own) invoicesOf.put({ ...own, voided: true, voidReason: event.data.reason });
          break;
        default:
          return unreachable(event);
      }
    }
    await payments.write(db);
    await invoicesOf.write(db);
  },
});
