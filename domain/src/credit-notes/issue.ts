import { type CreditNoteLineInput, invoiceStreamId } from '@remit/contracts';
import { step } from '@remit/eventstore';
import { balanceOf, creditApplied, refundDueOf } from '../invoices/collection-state.js';
import { creditLinesFor } from '../invoices/credit.js';
import { type InvoiceState, invoiceDecider } from '../invoices/decider.js';
import { assignDocumentNumber } from '../invoices/number-series.js';
import { creditNoteContent } from './content.js';
import { recordCreditNote } from './decider.js';

/** The credit note as the command left it: for the answer, decided in the same attempt as what was appended. */
export interface CreditNoteIssue {
  id: string;
  number: string;
  invoiceId: string;
  full: boolean;
  total: number;
  currency: string;
  balance: number;
  refundDue: number;
}

/**
 * Issues a credit note for an invoice, as any process may (HTTP, an import, the time process): in one transaction
 * its number is the next of the user's credit note series, the invoice records what it credits (each line at most
 * what is left of it; the invoice owns that rule, so a credit racing a payment is decided again on the state it is
 * appended to), and the credit note's own stream holds the document. `lines` null credits everything left.
 * `issued` hears the outcome of the attempt that is appended.
 */
export function issueCreditNote(input: {
  creditNoteId: string;
  invoiceId: string;
  userId: string;
  reason: string;
  lines: CreditNoteLineInput[] | null;
  issueDate: string;
  issued?: (issue: CreditNoteIssue) => void;
}) {
  const { creditNoteId, invoiceId, userId, reason, lines, issueDate } = input;
  return assignDocumentNumber({
    userId,
    kind: 'credit_note',
    documentId: creditNoteId,
    issue: (number) => [
      step({
        decider: invoiceDecider,
        streams: invoiceStreamId(invoiceId),
        command: { type: 'CreditInvoice', data: { invoiceId, userId, creditNoteId, number, lines } },
        effects: (events, invoice: InvoiceState) => {
          const content = invoice.content;
          if (!content) return [];
          const credit = creditLinesFor(content, invoice.collection, lines);
          const document = creditNoteContent(content, credit, { number, issueDate, reason });
          const after = events.reduce(
            (payments, event) =>
              event.type === 'InvoiceCredited' ? creditApplied(payments, event.data) : payments,
            invoice.collection,
          );
          input.issued?.({
            id: creditNoteId,
            number,
            invoiceId,
            full: credit.full,
            total: document.total,
            currency: content.currency,
            balance: balanceOf(content, after),
            refundDue: refundDueOf(content, after),
          });
          return [
            recordCreditNote({
              creditNoteId,
              userId,
              invoiceId,
              invoice: { number: content.number, issueDate: content.issueDate },
              reason,
              full: credit.full,
              lines: credit.lines,
              content: document,
            }),
          ];
        },
      }),
    ],
  });
}
