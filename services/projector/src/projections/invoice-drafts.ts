import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, lt, sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { invoiceDrafts } = readModels;

/**
 * The user's unissued drafts (D-224, D-225): the form as last saved, with its stream's version (what an edit names
 * in If-Match). Issued or discarded, the row is closed rather than removed, so a re-delivered save (at or below
 * the row's version) cannot bring a draft back.
 */
export const invoiceDraftsProjection = defineProjection({
  name: 'invoice-drafts',
  tables: ['invoice_drafts'],
  handles: ['InvoiceDraftSaved', 'InvoiceDraftDiscarded', 'InvoiceDraftIssued'],
  async apply(db, event) {
    const { draftId, userId } = event.data;
    const version = event.version;
    const updatedAt = event.createdAt;
    const newer = and(eq(invoiceDrafts.id, draftId), lt(invoiceDrafts.version, version));
    switch (event.type) {
      case 'InvoiceDraftSaved': {
        const { form, duplicateOf } = event.data;
        await db
          .insert(invoiceDrafts)
          .values({ id: draftId, userId, version, form, duplicateOf, updatedAt })
          .onConflictDoUpdate({
            target: invoiceDrafts.id,
            // What the draft copies is named by its first save that names one.
            set: {
              version,
              form,
              updatedAt,
              duplicateOf: sql`coalesce(${invoiceDrafts.duplicateOf}, excluded.duplicate_of)`,
            },
            setWhere: and(newer, eq(invoiceDrafts.userId, userId)),
          });
        return;
      }
      case 'InvoiceDraftDiscarded':
      case 'InvoiceDraftIssued':
        await db
          .insert(invoiceDrafts)
          .values({ id: draftId, userId, version, form: {}, duplicateOf: null, closed: true, updatedAt })
          .onConflictDoUpdate({
            target: invoiceDrafts.id,
            set: { version, closed: true, updatedAt },
            setWhere: and(newer, eq(invoiceDrafts.userId, userId)),
          });
        return;
      default:
        return unreachable(event);
    }
  },
});
