/**
 * The credit notes' and numbered documents' words, apart from their events (credit-notes.ts), whose schemas
 * carry the invoice's record and the e-invoice model: the credit notes' API reads these without loading them
 * (docs/decisions.md D-500).
 */
export const refundMethods = ['bank_transfer', 'card', 'cash', 'cheque', 'digital', 'other'] as const;

/** Widening this list is no new version: every event written before still parses. */
export const documentKinds = ['credit_note', 'quote'] as const;
export type NumberedDocumentKind = (typeof documentKinds)[number];
