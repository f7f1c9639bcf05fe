import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { type InvoiceFormInput, invoiceMessages, sanitize } from './invoice-form.js';
import { EMAIL_PATTERN } from './validation.js';

/** Answers of the invoices, customers and settings API (docs/api.md). Money in minor units. */
export type InvoiceStatus = 'Draft' | 'paid';

export interface InvoiceItemView {
  description: string;
  quantity: number;
  /** Minor units of the invoice's currency. */
  unitPrice: number;
  total: number;
}

export interface InvoicePaymentMethodView {
  ID: string;
  Name: string;
  Type: 'bank_transfer' | 'digital';
  BankName?: string;
  IBAN?: string;
  SWIFT?: string;
  AccountNumber?: string;
  PaymentLink?: string;
  Instructions?: string;
}

export interface InvoiceView {
  ID: string;
  InvoiceNumber: string;
  IssueDate: string;
  DueDate: string;
  Status: InvoiceStatus;
  is_paid: boolean;
  locked: false;
  Amount: number;
  Subtotal: number;
  Tax: number;
  Currency: string;
  CurrencySymbol: string;
  /** Percent with up to two decimals. */
  TaxRate: number;
  UserName: string;
  UserEmail: string;
  UserAddress: string;
  UserCompanyName: string;
  UserCompanyVAT: string | null;
  CustomerName: string;
  CustomerEmail: string;
  CustomerAddress: string;
  CustomerCompanyName: string;
  CustomerCompanyVAT: string | null;
  Items: InvoiceItemView[];
  Notes: string;
  TermsAndConditions: string;
  LogoURL: string | null;
  PaymentMethod: InvoicePaymentMethodView | null;
  Template: { ID: string; TemplateName: string; TemplateComponentName: string };
  CreatedAt: string;
  UpdatedAt: string;
}

export type InvoiceListItem = Pick<
  InvoiceView,
  | 'ID'
  | 'InvoiceNumber'
  | 'IssueDate'
  | 'DueDate'
  | 'Status'
  | 'is_paid'
  | 'Amount'
  | 'Currency'
  | 'CustomerName'
  | 'CustomerCompanyName'
  | 'CustomerEmail'
> & { locked: boolean };

export interface InvoiceListAnswer {
  invoices: InvoiceListItem[];
  pagination: { page: number; limit: number; total: number; total_pages: number };
}

export interface CustomerSuggestion {
  ID: string;
  Name: string;
  Email: string;
  Address: string;
  CompanyName: string;
  CompanyVAT: string | null;
}

export interface UserSettings {
  Name: string;
  DefaultDueDays: number | null;
  Settings: {
    CompanyEmail: string;
    CompanyAddress: string;
    CompanyName: string;
    DefaultCurrency: string;
    UserCompanyVAT: string | null;
    LogoURL: string | null;
  };
}

export const INVOICE_PAGE_SIZE = 15;
export const INVOICE_PAGE_SIZE_MAX = 100;
export const CUSTOMER_SEARCH_MIN = 2;

/** `GET /invoices` query. */
export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(INVOICE_PAGE_SIZE)
    .transform((n) => Math.min(n, INVOICE_PAGE_SIZE_MAX)),
  search: z.string().trim().max(100).optional().default(''),
  status: z.string().trim().max(20).optional().default(''),
});

/** `PUT /settings`: everything optional-but-valid; empty company fields are allowed (not yet filled in). */
const optionalText = (pattern: RegExp, max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((value) => value === '' || pattern.test(value), message)
    .optional()
    .default('');

export const settingsUpdateSchema = z.object({
  Name: z.string().trim().max(50, invoiceMessages.nameLength).optional(),
  DefaultDueDays: z
    .number({ error: 'Default due days must be a whole number between 0 and 365' })
    .int('Default due days must be a whole number between 0 and 365')
    .min(0, 'Default due days must be a whole number between 0 and 365')
    .max(365, 'Default due days must be a whole number between 0 and 365')
    .nullable()
    .optional()
    .default(null),
  Settings: z
    .object({
      CompanyEmail: optionalText(EMAIL_PATTERN, 254, invoiceMessages.userEmailInvalid),
      CompanyAddress: optionalText(
        /^[\p{L}\p{M}\p{N} \n,.-]{5,100}$/u,
        100,
        invoiceMessages.userAddressInvalid,
      ),
      CompanyName: optionalText(/^[\p{L}\p{M}\p{N} &'’-]{2,50}$/u, 50, invoiceMessages.userCompanyInvalid),
      DefaultCurrency: z
        .string()
        .trim()
        .refine((code) => currencyByCode(code) !== undefined, invoiceMessages.currencyRequired)
        .transform((code) => code.toUpperCase())
        .optional()
        .default('USD'),
      UserCompanyVAT: z
        .string()
        .trim()
        .nullish()
        .transform((value) => (value ? value : null))
        .refine((value) => value === null || /^[A-Z0-9-]{5,20}$/.test(value), invoiceMessages.userVatInvalid),
    })
    .optional()
    .default({
      CompanyEmail: '',
      CompanyAddress: '',
      CompanyName: '',
      DefaultCurrency: 'USD',
      UserCompanyVAT: null,
    }),
});
export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

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
