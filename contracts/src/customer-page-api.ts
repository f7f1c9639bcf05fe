import { z } from 'zod';
import { collectionStatuses } from './collection-api.js';
import { documentLanguages } from './i18n/languages.js';

/**
 * The customer page (issue 14, item 5): the owner's share link of an invoice. `url` is the link
 * (`{APP_URL}/i/{token}`) in the answer that made it, and null when a link was already active: only the
 * token's hash is kept, so an active link cannot be shown again (stop sharing and share for a new one).
 */
export const shareAnswerSchema = z.object({
  invoiceId: z.string(),
  shareId: z.string().nullable(),
  active: z.boolean(),
  url: z.string().nullable(),
});
export type ShareAnswer = z.infer<typeof shareAnswerSchema>;

const publicParty = z.object({
  name: z.string(),
  companyName: z.string(),
  email: z.string(),
  address: z.string(),
  vatId: z.string().nullable(),
});

/** A credit note of the invoice as its customer page lists it (issue 27): each downloads as a PDF. */
export const publicCreditNoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  issueDate: z.string(),
  total: z.number().int(),
  reason: z.string(),
  full: z.boolean(),
});
export type PublicCreditNote = z.infer<typeof publicCreditNoteSchema>;

/**
 * `GET /public/invoices/{token}`: what the customer page shows, and nothing else of the owner's account —
 * the parties as printed on the invoice, its figures, where it stands, and how to pay it. Money in minor
 * units of `currency`.
 */
export const publicInvoiceViewSchema = z.object({
  /** The invoice's document language (issue 30): the page speaks it to the customer. */
  language: z.enum(documentLanguages),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  seller: publicParty,
  customer: publicParty,
  status: z.enum(collectionStatuses),
  /** The credit notes that correct it, oldest first (issue 27). */
  creditNotes: z.array(publicCreditNoteSchema).default([]),
  amountPaid: z.number().int(),
  balance: z.number().int(),
  settled: z.boolean(),
  /** The owner takes online payments (issue 31) and a balance is due: the page offers 'Pay {amount}'. */
  payOnline: z.boolean().default(false),
  /** How to pay, as the invoice names it; null when it names none. The reference is the invoice number. */
  payment: z
    .object({
      type: z.enum(['bank_transfer', 'digital']),
      name: z.string(),
      bankName: z.string(),
      iban: z.string(),
      swift: z.string(),
      accountNumber: z.string(),
      paymentLink: z.string(),
      instructions: z.string(),
      reference: z.string(),
    })
    .nullable(),
});
export type PublicInvoiceView = z.infer<typeof publicInvoiceViewSchema>;

/**
 * `GET /shared-invoices/{token}` (signed in): the invoice a customer page link opens, answered only to its
 * owner, so the page can show the owner's bar. Anyone else gets the same 404 as a wrong link.
 */
export const sharedInvoiceOwnerAnswerSchema = z.object({ invoiceId: z.string() });
export type SharedInvoiceOwnerAnswer = z.infer<typeof sharedInvoiceOwnerAnswerSchema>;

export const customerPageMessages = {
  /** 429 on the customer page's routes (per client address per minute; Retry-After says when). */
  tooManyRequests:
    'Too many requests for invoice links from your network. Please wait a minute and try again.',
};
