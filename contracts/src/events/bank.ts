import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

/**
 * Bank statements (issue 31, items 3–4; docs/events.md, "Bank"). Every credit of an imported statement is
 * its own stream `bank-transaction-{userId}-{transactionId}`, the id a hash of the account and the entry's
 * identity (the bank's reference, or the entry's content), so importing the same entry again finds its
 * stream and records nothing. An import with anything new is one `BankStatementImported` on
 * `bank-statement-{statementId}` with its entries' streams and the payments they make, in one transaction.
 * Money is integer minor units of the entry's currency.
 */
export const bankSuggestionReasons = [
  'partial',
  'several_invoices',
  'payer',
  'void',
  'credited',
  'settled',
  'other_currency',
] as const;
export type BankSuggestionReason = (typeof bankSuggestionReasons)[number];

export const bankSuggestionSchema = z.object({
  invoiceId: z.string(),
  number: z.string(),
  /** What applying it would record, in the invoice's currency. */
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  reason: z.enum(bankSuggestionReasons),
});
export type BankSuggestion = z.infer<typeof bankSuggestionSchema>;

export const bankStatementFormats = ['camt.053.001.02', 'camt.053.001.08', 'mt940', 'csv'] as const;
export type BankStatementFormat = (typeof bankStatementFormats)[number];

export const bankEvents = {
  /** A statement brought something new; `fileSha256` of the uploaded bytes, `statementDate` the bank's. */
  BankStatementImported: eventType(
    z.object({
      statementId: z.string(),
      userId: z.string(),
      format: z.enum(bankStatementFormats),
      account: z.string(),
      statementDate: z.string(),
      fileSha256: z.string(),
      imported: z.number().int().nonnegative(),
      matched: z.number().int().nonnegative(),
      suggested: z.number().int().nonnegative(),
      unmatched: z.number().int().nonnegative(),
    }),
  ),
  /** One credit as the bank booked it, and what Remit could suggest for it then. */
  BankTransactionImported: eventType(
    z.object({
      transactionId: z.string(),
      userId: z.string(),
      statementId: z.string(),
      statementDate: z.string(),
      account: z.string(),
      /** The bank's reference of the entry (AcctSvcrRef, EndToEndId, MT940's bank reference), or ''. */
      entryReference: z.string(),
      bookingDate: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      payerName: z.string(),
      remittance: z.string(),
      suggestions: z.array(bankSuggestionSchema),
    }),
  ),
  /** (Part of) the credit was applied to an invoice: its `PaymentRecorded` carries the same `paymentId`. */
  BankTransactionMatched: eventType(
    z.object({
      transactionId: z.string(),
      userId: z.string(),
      invoiceId: z.string(),
      number: z.string(),
      paymentId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      /** Applied by the import itself (reference and exact balance), not confirmed by the owner. */
      automatic: z.boolean(),
    }),
  ),
  /**
   * The payment a match recorded was reversed on its invoice (the owner's reversal): what it applied of the
   * credit is free again, once. `amount` is what the match had applied, in the credit's `currency`.
   */
  BankTransactionUnmatched: eventType(
    z.object({
      transactionId: z.string(),
      userId: z.string(),
      invoiceId: z.string(),
      paymentId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
    }),
  ),
  /** The owner said the credit is not for an invoice. */
  BankTransactionIgnored: eventType(z.object({ transactionId: z.string(), userId: z.string() })),
} as const;

/** The owner's column mapping for CSV statements; stream `bank-csv-mapping-{userId}`. */
export const bankCsvMappingSchema = z.object({
  /** Header names of the file's columns (as written in its first row). */
  date: z.string().trim().min(1).max(200),
  amount: z.string().trim().min(1).max(200),
  reference: z.string().trim().min(1).max(200),
  payer: z.string().trim().max(200),
  /** Empty: every row is in `defaultCurrency`. */
  currency: z.string().trim().max(200),
  /** Empty: each row is identified by its content. */
  entryId: z.string().trim().max(200),
  defaultCurrency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code such as EUR'),
  dateFormat: z.enum(['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY']),
  decimalSeparator: z.enum([',', '.']),
});
export type BankCsvMapping = z.infer<typeof bankCsvMappingSchema>;

export const bankCsvMappingEvents = {
  BankCsvMappingSaved: eventType(bankCsvMappingSchema.extend({ userId: z.string() })),
} as const;

export type BankEvent = EventOf<typeof bankEvents>;
export type BankCsvMappingEvent = EventOf<typeof bankCsvMappingEvents>;

export const bankTransactionStreamId = (userId: string, transactionId: string) =>
  `bank-transaction-${userId}-${transactionId}`;
export const bankStatementStreamId = (statementId: string) => `bank-statement-${statementId}`;
export const bankCsvMappingStreamId = (userId: string) => `bank-csv-mapping-${userId}`;
