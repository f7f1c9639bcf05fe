import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, inArray, or } from 'drizzle-orm';
import { BatchRows } from '../bulk.js';
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
  // The same, folded in memory in log order over the batch's invoices' links, then one upsert.
  async applyBatch(db, events) {
    const invoiceIds = [...new Set(events.map((event) => event.data.invoiceId))];
    const hashes = events.flatMap((event) => (event.type === 'InvoiceShared' ? [event.data.tokenHash] : []));
    const loaded =
      invoiceIds.length > 0
        ? await db
            .select()
            .from(invoiceShares)
            .where(
              hashes.length > 0
                ? or(inArray(invoiceShares.invoiceId, invoiceIds), inArray(invoiceShares.tokenHash, hashes))
                : inArray(invoiceShares.invoiceId, invoiceIds),
            )
        : [];
    const rows = new BatchRows(invoiceShares, ['tokenHash'], loaded);
    const byInvoice = new Map<string, string[]>();
    const link = (invoiceId: string, tokenHash: string) =>
      byInvoice.set(invoiceId, [...(byInvoice.get(invoiceId) ?? []), tokenHash]);
    for (const row of loaded) link(row.invoiceId, row.tokenHash);
    const linksOf = (invoiceId: string) =>
      (byInvoice.get(invoiceId) ?? []).flatMap((tokenHash) => {
        const row = rows.get({ tokenHash });
        return row?.invoiceId === invoiceId ? [row] : [];
      });
    for (const event of events) {
      const { invoiceId, userId } = event.data;
      switch (event.type) {
        case 'InvoiceShared': {
          const { shareId, tokenHash } = event.data;
          if (!rows.get({ tokenHash })) {
            rows.put({ tokenHash, shareId, invoiceId, userId, active: true, sharedAt: event.createdAt });
            link(invoiceId, tokenHash);
          }
          break;
        }
        case 'InvoiceSharingStopped':
          for (const row of linksOf(invoiceId))
            if (row.shareId === event.data.shareId && row.invoiceId === invoiceId && row.active)
              rows.put({ ...row, active: false });
          break;
        case 'InvoiceDeleted':
          for (const row of linksOf(invoiceId))
            if (row.userId === userId && row.active) rows.put({ ...row, active: false });
          break;
        default:
          return unreachable(event);
      }
    }
    await rows.write(db);
  },
});
