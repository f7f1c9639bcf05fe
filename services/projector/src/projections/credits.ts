import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, lt, sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { invoiceCredits } = readModels;

/**
 * What credit notes and refunds did to each invoice (D-208): the list's and the details' 'Credited' and
 * 'Refund due' read it beside `invoice_collection`. Each event moves the figures once: one at or below the row's
 * position was applied already.
 */
export const creditsProjection = defineProjection({
  name: 'credits',
  tables: ['invoice_credits'],
  handles: ['InvoiceCredited', 'RefundRecorded', 'InvoiceDeleted'],
  async apply(db, event) {
    const { invoiceId, userId } = event.data;
    const position = event.position;
    const newer = and(eq(invoiceCredits.invoiceId, invoiceId), lt(invoiceCredits.position, position));
    switch (event.type) {
      case 'InvoiceCredited': {
        const { amount, full } = event.data;
        await db
          .insert(invoiceCredits)
          .values({ invoiceId, userId, credited: amount, fullyCredited: full, position })
          .onConflictDoUpdate({
            target: invoiceCredits.invoiceId,
            set: {
              credited: sql`${invoiceCredits.credited} + ${amount}`,
              fullyCredited: sql`${invoiceCredits.fullyCredited} or ${full}`,
              position,
            },
            setWhere: newer,
          });
        return;
      }
      case 'RefundRecorded':
        await db
          .update(invoiceCredits)
          .set({ refunded: sql`${invoiceCredits.refunded} + ${event.data.amount}`, position })
          .where(and(newer, eq(invoiceCredits.userId, userId)));
        return;
      case 'InvoiceDeleted':
        await db.delete(invoiceCredits).where(eq(invoiceCredits.invoiceId, invoiceId));
        return;
      default:
        return unreachable(event);
    }
  },
});
