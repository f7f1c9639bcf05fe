import { z } from 'zod';

/**
 * What InvoiceIssued and InvoiceRevised v1 carry (the spec's content). A module of its own so the e-invoice model's
 * mapping from it (einvoice/from-v1.ts) and the event catalogue (./invoices.ts) both read it without importing
 * each other.
 */
const party = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  companyName: z.string(),
  vatId: z.string().nullable(),
});
export type InvoicePartySnapshot = z.infer<typeof party>;

const paymentMethodSnapshot = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['bank_transfer', 'digital']),
    bankName: z.string().optional(),
    iban: z.string().optional(),
    swift: z.string().optional(),
    accountNumber: z.string().optional(),
    paymentLink: z.string().optional(),
    instructions: z.string().optional(),
  })
  .nullable();

/** Everything an issued invoice says; InvoiceIssued and InvoiceRevised both carry the whole of it. */
export const invoiceContentSchema = z.object({
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  taxRate: z.number().int(),
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      total: z.number().int(),
    }),
  ),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  seller: party,
  customer: party,
  notes: z.string(),
  terms: z.string(),
  /** The logo's stream (`logo-{id}`) and type; null when the invoice has none. */
  logo: z.object({ id: z.string(), contentType: z.string() }).nullable(),
  /** Snapshot of the payment method as it was; null until payment methods exist (issue 7). */
  paymentMethod: paymentMethodSnapshot,
  template: z.object({ id: z.string(), name: z.string(), componentName: z.string() }),
});
export type InvoiceContent = z.infer<typeof invoiceContentSchema>;
