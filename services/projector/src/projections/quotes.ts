import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, lt } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { quotes } = readModels;

/**
 * The Quotes screen's rows and the customer page's links (issue 33). Every event moves the row once: one at or
 * below the row's position was applied already (D-21), so a re-delivery or a rebuild ends in the same row.
 */
export const quotesProjection = defineProjection({
  name: 'quotes',
  tables: ['quotes'],
  handles: [
    'QuoteCreated',
    'QuoteRevised',
    'QuoteDeleted',
    'QuoteSent',
    'QuoteShared',
    'QuoteAccepted',
    'QuoteDeclined',
    'QuoteInvoiced',
    'QuoteExpired',
  ],
  async apply(db, event) {
    const { quoteId } = event.data;
    const position = event.position;
    const updatedAt = event.createdAt;
    const update = (set: Partial<typeof quotes.$inferInsert>) =>
      db
        .update(quotes)
        .set({ ...set, updatedAt, position })
        .where(and(eq(quotes.id, quoteId), lt(quotes.position, position)));
    switch (event.type) {
      case 'QuoteCreated': {
        const { userId, number, validUntil, timeZone, content } = event.data;
        await db
          .insert(quotes)
          .values({
            id: quoteId,
            userId,
            number,
            stage: 'draft',
            issueDate: content.issueDate,
            validUntil,
            timeZone,
            customerName: content.customer.name,
            customerCompanyName: content.customer.companyName,
            total: content.total,
            currency: content.currency,
            updatedAt,
            position,
          })
          .onConflictDoNothing();
        return;
      }
      case 'QuoteRevised': {
        const { validUntil, timeZone, content } = event.data;
        await update({
          issueDate: content.issueDate,
          validUntil,
          timeZone,
          customerName: content.customer.name,
          customerCompanyName: content.customer.companyName,
          total: content.total,
          currency: content.currency,
        });
        return;
      }
      case 'QuoteDeleted':
        await db.delete(quotes).where(eq(quotes.id, quoteId));
        return;
      case 'QuoteSent':
        await update({ stage: 'sent' });
        return;
      case 'QuoteShared':
        // Sharing a draft sends it (it has left the owner's hands); an answered quote keeps its answer.
        await update({ tokenHash: event.data.tokenHash });
        await db
          .update(quotes)
          .set({ stage: 'sent' })
          .where(and(eq(quotes.id, quoteId), eq(quotes.stage, 'draft')));
        return;
      case 'QuoteAccepted':
        await update({ stage: 'accepted' });
        return;
      case 'QuoteDeclined':
        await update({ stage: 'declined' });
        return;
      case 'QuoteInvoiced':
        await update({
          stage: 'invoiced',
          invoiceId: event.data.invoiceId,
          invoiceNumber: event.data.invoiceNumber,
        });
        return;
      case 'QuoteExpired':
        // Stays 'sent' (Expired is read from the owner's day, D-281); the job finds it no more for this day.
        await update({ expiryNoted: event.data.validUntil });
        return;
      default:
        return unreachable(event);
    }
  },
});
