import { z } from 'zod';
import { type BankSuggestion, bankCsvMappingSchema, bankSuggestionSchema } from './events/bank.js';

/**
 * Bank statements and their transactions (issue 31, items 3–4; docs/api.md, "Bank"). `POST /bank-statements`
 * takes the file as multipart field `file`; the rest is JSON.
 */
export const BANK_STATEMENT_MAX_BYTES = 16 * 1024 * 1024;
/** More entries than this in one file are refused before anything is matched. */
export const BANK_STATEMENT_MAX_ENTRIES = 20_000;

export const bankImportAnswerSchema = z.object({
  statementId: z.string().nullable(),
  /** New credits recorded. */
  imported: z.number().int(),
  /** …of which recorded as paid by themselves. */
  matched: z.number().int(),
  /** …left with suggestions to confirm. */
  suggested: z.number().int(),
  /** …with nothing to suggest. */
  unmatched: z.number().int(),
  /** Entries already imported from an earlier statement: nothing new recorded for them. */
  duplicates: z.number().int(),
  /** Money going out: not Remit's to match, not recorded. */
  debits: z.number().int(),
});
export type BankImportAnswer = z.infer<typeof bankImportAnswerSchema>;

export const bankTransactionStates = ['suggested', 'unmatched', 'matched', 'ignored'] as const;
export type BankTransactionState = (typeof bankTransactionStates)[number];

export const bankTransactionsQuerySchema = z.object({
  state: z.enum(bankTransactionStates).optional(),
});

export const bankMatchViewSchema = z.object({
  invoiceId: z.string(),
  number: z.string(),
  paymentId: z.string(),
  amount: z.number().int(),
  automatic: z.boolean(),
});

export const bankTransactionSchema = z.object({
  id: z.string(),
  statementDate: z.string(),
  bookingDate: z.string(),
  entryReference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  payerName: z.string(),
  remittance: z.string(),
  state: z.enum(bankTransactionStates),
  /** What is still to be applied (the amount less its matches). */
  remaining: z.number().int(),
  suggestions: z.array(bankSuggestionSchema),
  matches: z.array(bankMatchViewSchema),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;
export type { BankSuggestion };

export const bankTransactionListSchema = z.object({ transactions: z.array(bankTransactionSchema) });

/** `POST /bank-transactions/{id}/match`: apply `amount` (minor units of the transaction's currency). */
export const bankMatchSchema = z.object({
  invoiceId: z.string().trim().min(1).max(100),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type BankMatchInput = z.infer<typeof bankMatchSchema>;

export const bankCsvMappingAnswerSchema = z.object({ mapping: bankCsvMappingSchema.nullable() });

export const bankMessages = {
  notFound: 'Bank transaction not found',
  ignored: 'This transaction was ignored',
  fullyMatched: 'This transaction is already matched in full',
  otherCurrency: 'The invoice is in another currency than the transaction',
  /** A match across currencies is refused: the owner records what reached them, in the invoice's currency. */
  otherCurrencyMatch: (transfer: string, number: string, invoice: string) =>
    `This transfer is in ${transfer} and invoice ${number} is in ${invoice}: record the payment on the invoice with the amount you received in ${invoice}`,
  moreThanRemaining: 'The amount is more than what is left of the transaction',
  noCsvMapping: 'Save a column mapping for CSV statements first',
} as const;
