import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { invoiceShares } = readModels;

/**
 * Customer page links (docs/decisions.md, "Getting paid": the customer page), keyed by the token's hash.
 * In: `InvoiceShared` (a row, active), `InvoiceSharingStopped` (that link inactive), `InvoiceDeleted` (the
 * invoice's links inactive). Re-delivery: the insert ignores a hash already there and the updates set the
 * same value, so applying an event twice changes nothing; a rebuild from the log gives the same rows.
 */
export const invoiceSharesProjection = defineProjection({
  name: 'invoice-shares',
  tables: ['invoice_shares'],
  handles: ['InvoiceShared', 'InvoiceSharingStopped', 'InvoiceDeleted'],
  async apply(db, event) {
    const { invoiceId, userId } = event.data;
    switch (event.type) {
      case 'InvoiceShared': {
        const { shareId, tokenHash } = event.data;
        await db
          .insert(invoiceShares)
          .values({ tokenHash, shareId, invoiceId, userId, active: true, sharedAt: event.createdAt })
          .onConflictDoNothing();
        return;
      }
      case 'InvoiceSharingStopped':
        await db
          .update(invoiceShares)
          .set({ active: false })
          .where(and(eq(invoiceShares.shareId, event.data.shareId), eq(invoiceShares.invoiceId, invoiceId)));
        return;
      case 'InvoiceDeleted':
        await db
          .update(invoiceShares)
          .set({ active: false })
          .where(and(eq(invoiceShares.invoiceId, invoiceId), eq(invoiceShares.userId, userId)));
        return;
      default:
        return unreachable(event);
    }
  },
});
