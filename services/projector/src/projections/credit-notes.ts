import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { defineProjection } from '../projection.js';

const { creditNotes } = readModels;

/**
 * Every credit note per user, as a list shows it (issue 27): the dashboard's 'Credit notes' and the client page.
 * A credit note is written once and never changes, so a re-delivered event meets its own row and does nothing.
 */
export const creditNotesProjection = defineProjection({
  name: 'credit-notes',
  tables: ['credit_notes'],
  handles: ['CreditNoteIssued'],
  async apply(db, event) {
    switch (event.type) {
      case 'CreditNoteIssued': {
        const { creditNoteId, userId, invoiceId, invoice, reason, full, content } = event.data;
        const { customer } = content;
        await db
          .insert(creditNotes)
          .values({
            id: creditNoteId,
            userId,
            invoiceId,
            invoiceNumber: invoice.number,
            number: content.number,
            issueDate: content.issueDate,
            reason,
            full,
            total: content.total,
            currency: content.currency,
            customerName: customer.name,
            customerEmail: customer.email.toLowerCase(),
            search: [content.number, invoice.number, customer.name, customer.email, customer.companyName]
              .filter(Boolean)
              .join(' ')
              .toLowerCase(),
            issuedPosition: event.position,
          })
          .onConflictDoNothing({ target: creditNotes.id });
        return;
      }
      default:
        return unreachable(event.type);
    }
  },
});
