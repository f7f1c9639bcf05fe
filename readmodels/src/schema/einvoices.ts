import type { EInvoice } from '@remit/contracts';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What an invoice's e-invoice, PDF and preview are drawn from (issue 26, D-440): the e-invoice model of its last
 * InvoiceIssued or InvoiceRevised (with the typed addresses) and, once voided, the UTC day of its InvoiceVoided.
 * Owned by `invoice-einvoices`; a deleted invoice's row is removed. The `invoices` row keeps only the spec's part.
 */
export const invoiceEInvoices = pgTable('invoice_einvoices', {
  invoiceId: text('invoice_id').primaryKey(),
  userId: text('user_id').notNull(),
  model: jsonb('model').$type<EInvoice>().notNull(),
  /** `YYYY-MM-DD`, null while the invoice stands. */
  voidedOn: text('voided_on'),
  /** The stream version of the last event applied: a re-delivered event is not newer, and changes nothing. */
  version: integer('version').notNull(),
});
