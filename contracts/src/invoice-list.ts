import { z } from 'zod';
import { collectionStatuses } from './collection-status.js';

/**
 * `GET /invoices`: the dashboard's list, the first screen a signed-in owner sees. Its own module, importing
 * nothing but the collection statuses, so the list's chunk does not carry the invoice's full view, its
 * events or the e-invoice model behind them (docs/decisions.md D-500).
 */
export const invoiceStatuses = ['Draft', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The fields an invoice's view (`GET /invoices/{id}`) and its list row share. */
export const invoiceRowShape = {
  ID: z.string(),
  InvoiceNumber: z.string(),
  IssueDate: z.string(),
  DueDate: z.string(),
  Status: z.enum(invoiceStatuses),
  is_paid: z.boolean(),
  Amount: z.number().int(),
  Currency: z.string(),
  CustomerName: z.string(),
  CustomerEmail: z.string(),
  CustomerCompanyName: z.string(),
};

/** An invoice's collection figures (issue 14), in its list row and its view. */
export const invoiceCollectionViewSchema = z.object({
  CollectionStatus: z.enum(collectionStatuses),
  AmountPaid: z.number().int(),
  Balance: z.number().int(),
  /** Owed back to the customer after a credit note (issue 27); 0 otherwise. */
  RefundDue: z.number().int().default(0),
});
export type InvoiceCollectionView = z.infer<typeof invoiceCollectionViewSchema>;

/** One row of `GET /invoices`; `locked` is the paywall of spec §2 for a non-subscriber. */
export const invoiceListItemSchema = z.object({
  ...invoiceRowShape,
  locked: z.boolean(),
  // The collection figures (issue 14) are optional so a page cached by an older version still reads.
  ...invoiceCollectionViewSchema.partial().shape,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceListAnswerSchema = z.object({
  invoices: z.array(invoiceListItemSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    /**
     * A search or status filter counts its matches only as far as INVOICE_COUNT_PAGES pages from the page
     * asked for (D-511); `total_capped` says there are more than `total` ('Page 1 of 10+'). Optional so a page
     * cached by an older version still reads.
     */
    total_capped: z.boolean().optional(),
    /** Opaque keyset cursors: `?after=` the next (older) page, `?before=` the previous; null at the ends. */
    next_cursor: z.string().nullable().optional(),
    previous_cursor: z.string().nullable().optional(),
  }),
});
export type InvoiceListAnswer = z.infer<typeof invoiceListAnswerSchema>;
