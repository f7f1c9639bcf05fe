import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { eInvoiceDetailsSchema } from './einvoice/details.js';
import { documentLanguages } from './i18n/languages.js';
import {
  address,
  CODE_PATTERN,
  company,
  date,
  email,
  longText,
  personName,
  requiredText,
  vat,
} from './invoice-form-fields.js';
import { invoiceItemFormSchema } from './invoice-form-item.js';
import { invoiceMessages, MAX_ITEMS, NOTES_MAX, TERMS_MAX } from './invoice-form-messages.js';
import { isZeroPrice, readTaxRate, typedNumberField } from './invoice-form-numbers.js';
import { withCrossFieldRules, withPricesInCurrency } from './invoice-form-rules.js';
import { type FieldErrors, fieldErrors } from './validation.js';

/*
 * The invoice form of spec §5 in parts beside this file: its messages and bounds (invoice-form-messages.ts),
 * its text and date fields (invoice-form-fields.ts), its number fields (invoice-form-numbers.ts), one line
 * (invoice-form-item.ts) and the rules across fields (invoice-form-rules.ts). Here, the form and its uses.
 */

const m = invoiceMessages;

const taxRate = typedNumberField(readTaxRate, m.taxRateInvalid).optional();

const invoiceFormShape = {
  userName: personName(m.userNameRequired, m.userNameInvalid),
  userEmail: email(m.userEmailRequired, m.userEmailInvalid),
  userAddress: address(m.userAddressRequired, m.userAddressInvalid),
  userCompanyName: company(m.userCompanyRequired, m.userCompanyInvalid),
  userCompanyVAT: vat(m.userVatInvalid),
  customerName: personName(m.customerNameRequired, m.customerNameInvalid),
  customerEmail: email(m.customerEmailRequired, m.customerEmailInvalid),
  customerAddress: address(m.customerAddressRequired, m.customerAddressInvalid),
  customerCompanyName: company(m.customerCompanyRequired, m.customerCompanyInvalid),
  customerCompanyVAT: vat(m.customerVatInvalid),
  invoiceNumber: requiredText(
    m.invoiceNumberRequired,
    CODE_PATTERN,
    m.invoiceNumberInvalid,
    [3, 20],
    m.invoiceNumberLength,
  ),
  currency: z
    .string({ error: m.currencyRequired })
    .trim()
    .refine((code) => currencyByCode(code) !== undefined, m.currencyRequired)
    .transform((code) => code.toUpperCase()),
  taxRate,
  issueDate: date(m.issueDateRequired),
  dueDate: date(m.dueDateRequired),
  items: z
    .array(invoiceItemFormSchema, { error: m.itemsRequired })
    .min(1, m.itemsRequired)
    .max(MAX_ITEMS, m.itemsTooMany),
  notes: longText(m.notesInvalid, NOTES_MAX, m.notesTooLong),
  termsAndConditions: longText(m.termsInvalid, TERMS_MAX, m.termsTooLong),
  /** A payment method of the user's (issue 7); ignored until payment methods exist. */
  paymentMethodId: z.string().max(100).nullish(),
  /** The 'E-invoice details' section; absent, every detail takes its default (einvoice/details.ts). */
  eInvoice: eInvoiceDetailsSchema.optional(),
  /** The document's language (issue 30); absent, the owner's profile language. */
  // '' is the wizard's "Default" choice: the same as leaving it out.
  language: z
    .union([z.literal(''), z.enum(documentLanguages)], { error: m.languageInvalid })
    .optional()
    .transform((language) => language || undefined),
};

/** Step 1 of the wizard: the form as spec §3 lists it. Unknown keys (amount, currencySymbol, logo) are dropped. */
export const invoiceFormSchema = withCrossFieldRules(z.object(invoiceFormShape)).transform(
  withPricesInCurrency,
);
export type InvoiceFormInput = z.input<typeof invoiceFormSchema>;
export type InvoiceForm = z.output<typeof invoiceFormSchema>;

/** What the web submits (`invoice` field of POST /invoices, body of PUT /invoices/{id}): the form plus the template. */
export const invoiceSubmitSchema = withCrossFieldRules(
  z.object({
    ...invoiceFormShape,
    templateId: z.string({ error: m.templateRequired }).trim().min(1, m.templateRequired).max(100),
    templateName: z.string().max(100).optional(),
    templateComponentName: z.string().max(100).optional(),
    status: z.literal('Draft').optional(),
    /** The unissued draft this invoice is issued from (issue 27): it leaves the drafts in the same transaction. */
    draftId: z.string().trim().max(100).optional(),
  }),
).transform(withPricesInCurrency);
export type InvoiceSubmitInput = z.input<typeof invoiceSubmitSchema>;
export type InvoiceSubmit = z.output<typeof invoiceSubmitSchema>;

/**
 * The form's messages for "Next Step" (spec §5): the schema's, plus the stricter rule that every item has a
 * unit price above 0 (a price of 0 blocks, although the field itself accepts it), said on that price.
 */
export function invoiceFormErrors(form: unknown): FieldErrors {
  const result = invoiceFormSchema.safeParse(form);
  const errors = result.success ? {} : fieldErrors(result.error);
  const items = (form as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return errors;
  items.forEach((item, index) => {
    const path = `items.${index}.unitPrice`;
    if (!errors[path] && isZeroPrice((item as { unitPrice?: unknown } | null)?.unitPrice))
      errors[path] = m.unitPriceAboveZero;
  });
  return errors;
}

/** Whether "Next Step" may go on: no message at all under `invoiceFormErrors`. */
export function isInvoiceSubmittable(form: unknown): boolean {
  return Object.keys(invoiceFormErrors(form)).length === 0;
}
