import { z } from 'zod';
import { collectionStatusFilterSchema } from './collection-api.js';
import { invoiceOriginSchema } from './events/invoices.js';
import type { InvoiceFormInput } from './invoice-form.js';
import { sanitize } from './invoice-form-fields.js';
import { invoiceRowShape } from './invoice-list.js';
import type { UserSettings } from './settings-api.js';

/** Answers of the invoices, customers and settings API (docs/api.md). Money in minor units. */
export const invoiceItemViewSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  /** Minor units of the invoice's currency. */
  unitPrice: z.number().int(),
  total: z.number().int(),
});
export type InvoiceItemView = z.infer<typeof invoiceItemViewSchema>;

export const invoicePaymentMethodViewSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Type: z.enum(['bank_transfer', 'digital']),
  BankName: z.string().optional(),
  IBAN: z.string().optional(),
  SWIFT: z.string().optional(),
  AccountNumber: z.string().optional(),
  PaymentLink: z.string().optional(),
  Instructions: z.string().optional(),
});
export type InvoicePaymentMethodView = z.infer<typeof invoicePaymentMethodViewSchema>;

/** `GET /invoices/{id}`, and the invoice `POST /invoices` and `PUT /invoices/{id}` answer with. */
export const invoiceViewSchema = z.object({
  ...invoiceRowShape,
  locked: z.literal(false),
  Subtotal: z.number().int(),
  Tax: z.number().int(),
  CurrencySymbol: z.string(),
  /** Percent with up to two decimals. */
  TaxRate: z.number(),
  UserName: z.string(),
  UserEmail: z.string(),
  UserAddress: z.string(),
  UserCompanyName: z.string(),
  UserCompanyVAT: z.string().nullable(),
  CustomerAddress: z.string(),
  CustomerCompanyVAT: z.string().nullable(),
  Items: z.array(invoiceItemViewSchema),
  Notes: z.string(),
  TermsAndConditions: z.string(),
  LogoURL: z.string().nullable(),
  PaymentMethod: invoicePaymentMethodViewSchema.nullable(),
  Template: z.object({ ID: z.string(), TemplateName: z.string(), TemplateComponentName: z.string() }),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** `POST /invoices` (201) and `PUT /invoices/{id}`: the invoice as it now is, and its position. */
export const invoiceCommandAnswerSchema = z.object({
  invoice: invoiceViewSchema,
  /** The revision an edit of it is made on (`If-Match` of `PUT /invoices/{id}`, issue 27). */
  revision: z.number().int().optional(),
  position: z.string().optional(),
});
export type InvoiceCommandAnswer = z.infer<typeof invoiceCommandAnswerSchema>;

/** `GET /invoices/{id}/history`: who did what, oldest first. */
export const invoiceHistoryEntrySchema = z.object({
  type: z.string(),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  summary: z.string(),
  /**
   * A send's mail (`InvoiceSent`): queued (waiting or being retried), sent (the mail server took it) or
   * failed (given up after its last retry: the owner may send again). Absent for sends made before the queue.
   */
  delivery: z.enum(['queued', 'sent', 'failed']).optional(),
  /** The issue (`InvoiceIssued`) of an invoice converted from a quote or issued by a recurring run (issue 33). */
  origin: invoiceOriginSchema.optional(),
});
export type InvoiceHistoryEntry = z.infer<typeof invoiceHistoryEntrySchema>;
export const invoiceHistoryAnswerSchema = z.object({ events: z.array(invoiceHistoryEntrySchema) });

/** `GET /invoices/next-number`. */
export const nextInvoiceNumberAnswerSchema = z.object({ number: z.string() });

/** `GET /customers/suggestions?q=`. */
export const customerSuggestionSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Email: z.string(),
  Address: z.string(),
  CompanyName: z.string(),
  CompanyVAT: z.string().nullable(),
});
export type CustomerSuggestion = z.infer<typeof customerSuggestionSchema>;
export const customerSuggestionsAnswerSchema = z.array(customerSuggestionSchema);

/** `GET /templates/get`. */
export const invoiceTemplateSchema = z.object({
  ID: z.string(),
  TemplateName: z.string(),
  TemplateComponentName: z.string(),
  ThumbnailURL: z.string().nullable(),
});
export type InvoiceTemplate = z.infer<typeof invoiceTemplateSchema>;
export const invoiceTemplatesAnswerSchema = z.array(invoiceTemplateSchema);

export const INVOICE_PAGE_SIZE = 15;
export const INVOICE_PAGE_SIZE_MAX = 100;
/**
 * A filtered list counts its matches up to this many pages from the page asked for (the page included), then
 * says there are more: 'Page 1 of 10+' (D-511; 1,000 matches before it, D-34).
 */
export const INVOICE_COUNT_PAGES = 10;

/** Where a keyset page starts: an invoice's place in the list (newest first), the id breaking ties. */
export interface InvoiceCursor {
  position: bigint;
  id: string;
}

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const encodeInvoiceCursor = (cursor: InvoiceCursor): string =>
  base64url(`${cursor.position}.${cursor.id}`);

function decodeInvoiceCursor(text: string): InvoiceCursor | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const match = /^(\d{1,19})\.([^\s]{1,100})$/.exec(decoded);
    if (!match?.[1] || !match[2]) return null;
    const position = BigInt(match[1]);
    return position <= 9223372036854775807n ? { position, id: match[2] } : null;
  } catch {
    return null;
  }
}

/** A cursor as the list's `after`/`before` takes it; anything else is a 400, never a 500. */
export const invoiceCursorSchema = z
  .string()
  .max(200, 'This page link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'This page link is not valid')
  .transform((text, ctx) => {
    const cursor = decodeInvoiceCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: 'This page link is not valid' });
      return z.NEVER;
    }
    return cursor;
  });
export const CUSTOMER_SEARCH_MIN = 2;

/** `GET /invoices` query. */
export const invoiceListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(INVOICE_PAGE_SIZE)
      .transform((n) => Math.min(n, INVOICE_PAGE_SIZE_MAX)),
    search: z.string().trim().max(100).optional().default(''),
    status: collectionStatusFilterSchema,
    /** Keyset paging (issue 18): the page after or before a cursor of an earlier answer; `page` then labels it. */
    after: invoiceCursorSchema.optional(),
    before: invoiceCursorSchema.optional(),
  })
  .refine((query) => !(query.after && query.before), {
    message: 'Ask for the page after or before a cursor, not both',
    path: ['before'],
  });

/** Adds days to a yyyy-mm-dd date in UTC. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Spec §9 defaults: currency USD or the user's default, tax 0, one item with quantity 1 and price 0, the due
 * date today plus DefaultDueDays when set (else today), the seller's details from settings.
 */
export function defaultInvoiceForm(
  today: string,
  settings?: UserSettings | null,
  email = '',
): InvoiceFormInput {
  const company = settings?.Settings;
  return {
    userName: sanitize.personName(settings?.Name ?? ''),
    userEmail: company?.CompanyEmail || email,
    userAddress: company?.CompanyAddress ?? '',
    userCompanyName: company?.CompanyName ?? '',
    userCompanyVAT: company?.UserCompanyVAT ?? '',
    customerName: '',
    customerEmail: '',
    customerAddress: '',
    customerCompanyName: '',
    customerCompanyVAT: '',
    invoiceNumber: '',
    currency: company?.DefaultCurrency || 'USD',
    taxRate: 0,
    issueDate: today,
    dueDate: settings?.DefaultDueDays != null ? addDays(today, settings.DefaultDueDays) : today,
    items: [{ description: '', quantity: 1, unitPrice: 0 }],
    notes: '',
    termsAndConditions: '',
    paymentMethodId: null,
  };
}

/**
 * The next invoice number after `number`: its trailing digits counted up (INV-009 → INV-010), or `-1`
 * appended. The server suggests numbers with it, and the app offline (a provisional suggestion).
 */
export function incrementInvoiceNumber(number: string): string {
  const match = /^(.*?)(\d+)$/.exec(number);
  if (!match) return `${number}-1`.slice(0, 20);
  const [, prefix = '', digits = ''] = match;
  const next = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return `${prefix}${next}`.slice(-20);
}
