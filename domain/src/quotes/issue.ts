import { addDays, type InvoiceRecord, type QuoteSubmit } from '@remit/contracts';
import type { Step } from '@remit/eventstore';
import { issueInvoice } from '../invoices/issue.js';
import { assignDocumentNumber } from '../invoices/number-series.js';
import { quoteStep } from './step.js';

/** The quote's document: the form's content under the quote's number, valid until `validUntil` (its due date's place). */
export function quoteContent(content: InvoiceRecord, number: string, validUntil: string): InvoiceRecord {
  return {
    ...content,
    number,
    dueDate: validUntil,
    eInvoice: { ...content.eInvoice, number, dueDate: validUntil },
  };
}

/**
 * Makes a quote, as any process may: its number is the next of the user's `QUO-` series, decided on the series'
 * stream in the quote's transaction (gap-free, never given twice). `content` is the form's document (the command
 * service builds it with the seller's settings and payment method).
 */
export function createQuote(input: {
  quoteId: string;
  userId: string;
  submit: QuoteSubmit;
  content: InvoiceRecord;
}) {
  const { quoteId, userId, submit, content } = input;
  const { validUntil, timeZone, ...form } = submit;
  return assignDocumentNumber({
    userId,
    kind: 'quote',
    documentId: quoteId,
    issue: (number) => [
      quoteStep({
        type: 'CreateQuote',
        data: {
          quoteId,
          userId,
          number,
          validUntil,
          timeZone,
          form: form as Record<string, unknown>,
          content: quoteContent(content, number, validUntil),
        },
      }),
    ],
  });
}

/** Days between two yyyy-mm-dd dates (b − a). */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The invoice a quote becomes: its lines, parties, template and payment method as quoted, numbered `invoiceNumber`,
 * dated `issueDate` (the owner's day of the conversion) and due after as many days as the quote's form gave between
 * its issue and due dates (its terms).
 */
export function invoiceFromQuote(
  content: InvoiceRecord,
  form: Record<string, unknown>,
  invoice: { number: string; issueDate: string },
): InvoiceRecord {
  const { number, issueDate } = invoice;
  const termDays =
    typeof form.issueDate === 'string' && typeof form.dueDate === 'string'
      ? Math.max(0, daysBetween(form.issueDate, form.dueDate))
      : 0;
  const dueDate = addDays(issueDate, termDays);
  return {
    ...content,
    number,
    issueDate,
    dueDate,
    eInvoice: { ...content.eInvoice, number, issueDate, dueDate },
  };
}

/**
 * 'Convert to invoice': the quote records the invoice it became and the invoice is issued with the quote's lines
 * (its number reserved, as `issueInvoice` does), in one transaction. The quote decides once: a second conversion is
 * refused (409 quote_invoiced) and issues nothing. The invoice is made from the
 * quote's state as the decision read it.
 */
export function convertQuote(input: {
  quoteId: string;
  userId: string;
  invoiceId: string;
  invoiceNumber: string;
  issueDate: string;
}): Step {
  const { quoteId, userId, invoiceId, invoiceNumber, issueDate } = input;
  return quoteStep(
    { type: 'ConvertQuote', data: { quoteId, userId, invoiceId, invoiceNumber } },
    (_events, quote) => {
      if (!quote.content || !quote.form) return [];
      const content = invoiceFromQuote(quote.content, quote.form, { number: invoiceNumber, issueDate });
      const origin = { kind: 'quote' as const, quoteId, number: quote.number ?? '' };
      return [issueInvoice({ invoiceId, userId, content, logo: null, origin })];
    },
  );
}
