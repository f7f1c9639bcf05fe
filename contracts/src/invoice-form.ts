import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { toMinorUnits } from './money.js';
import { EMAIL_PATTERN, PERSON_NAME_PATTERN } from './validation.js';

/**
 * The invoice form of spec §5: every rule and message, shared by the wizard (step 1) and the command side
 * (`POST /invoices`, `PUT /invoices/{id}`), so the two cannot drift. Amounts in the form are what a person
 * types (a unit price "12.50", a tax rate 7.5 percent); `invoiceAmounts` turns them into minor units and
 * basis points with money.ts, never with floating-point arithmetic.
 */
export const invoiceMessages = {
  userNameRequired: 'Your name is required',
  userNameInvalid: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  customerNameRequired: 'Customer name is required',
  customerNameInvalid: 'Customer name can only contain letters, spaces, hyphens, and apostrophes',
  userEmailRequired: 'Your email is required',
  userEmailInvalid: 'Please enter a valid email address',
  customerEmailRequired: 'Customer email is required',
  customerEmailInvalid: 'Please enter a valid customer email address',
  userAddressRequired: 'Your address is required',
  userAddressInvalid: 'Address contains invalid characters',
  customerAddressRequired: 'Customer address is required',
  customerAddressInvalid: 'Customer address contains invalid characters',
  userCompanyRequired: 'Your company name is required',
  userCompanyInvalid: 'Company name contains invalid characters',
  customerCompanyRequired: 'Customer company name is required',
  customerCompanyInvalid: 'Customer company name contains invalid characters',
  userVatInvalid: 'VAT number can only contain uppercase letters, numbers, and hyphens',
  customerVatInvalid: 'Customer VAT number can only contain uppercase letters, numbers, and hyphens',
  invoiceNumberRequired: 'Invoice number is required',
  invoiceNumberInvalid: 'Invoice number can only contain uppercase letters, numbers, and hyphens',
  currencyRequired: 'Please select a currency',
  issueDateRequired: 'Issue date is required',
  dueDateRequired: 'Due date is required',
  dueDateBeforeIssue: 'Due date cannot be earlier than issue date',
  itemsRequired: 'At least one item is required',
  descriptionRequired: 'Item description is required',
  descriptionInvalid: 'Description contains invalid characters',
  quantityMin: 'Quantity must be at least 1',
  quantityWhole: 'Quantity must be a whole number',
  unitPriceMin: 'Unit price must be greater than or equal to 0',
  unitPriceInvalid: 'Unit price must be a valid number',
  notesInvalid: 'Notes contain invalid characters',
  notesTooLong: 'Notes cannot exceed 500 characters',
  termsInvalid: 'Terms & Conditions contain invalid characters',
  termsTooLong: 'Terms & Conditions cannot exceed 1000 characters',
  incomplete: 'Please complete all required fields',
  // The spec leaves these open; these are ours.
  nameLength: 'Name must be between 2 and 50 characters',
  addressLength: 'Address must be between 5 and 100 characters',
  companyLength: 'Company name must be between 2 and 50 characters',
  vatLength: 'VAT number must be between 5 and 20 characters',
  invoiceNumberLength: 'Invoice number must be between 3 and 20 characters',
  descriptionLength: 'Description must be between 3 and 100 characters',
  dateInvalid: 'Please enter a valid date',
  dateTooEarly: 'Dates before 1 January 2000 are not allowed',
  quantityTooLarge: 'Quantity cannot exceed 1,000,000',
  unitPriceTooLarge: 'Unit price cannot exceed 1,000,000,000',
  taxRateInvalid: 'Tax rate must be a number between 0 and 100 with at most two decimals',
  itemsTooMany: 'An invoice can have at most 500 items',
  templateRequired: 'Please select a template first.',
} as const;

export const NOTES_MAX = 500;
export const TERMS_MAX = 1000;
export const MAX_ITEMS = 500;
export const MAX_QUANTITY = 1_000_000;
export const MIN_INVOICE_DATE = '2000-01-01';

// Patterns of spec §5. Newlines count as spaces in the multi-line fields (addresses, notes, terms).
const ADDRESS_PATTERN = /^[\p{L}\p{M}\p{N} \n,.-]+$/u;
const COMPANY_PATTERN = /^[\p{L}\p{M}\p{N} &'’-]+$/u;
const CODE_PATTERN = /^[A-Z0-9-]+$/;
const DESCRIPTION_PATTERN = /^[\p{L}\p{M}\p{N} ,.-]+$/u;
const LONG_TEXT_PATTERN = /^[\p{L}\p{M}\p{N} \n,.\-_'"();:!?&%$@#*+=]*$/u;
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$|^\.\d+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Live sanitisers: what the field keeps of what was typed (spec §5, "strips disallowed characters"). */
export const sanitize = {
  personName: (value: string) => value.replace(/[^\p{L}\p{M} '’-]/gu, ''),
  email: (value: string) => value.replace(/\s/g, ''),
  address: (value: string) => value.replace(/[^\p{L}\p{M}\p{N} \n,.-]/gu, ''),
  companyName: (value: string) => value.replace(/[^\p{L}\p{M}\p{N} &'’-]/gu, ''),
  vat: (value: string) => value.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
  invoiceNumber: (value: string) => value.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
  description: (value: string) => value.replace(/[^\p{L}\p{M}\p{N} ,.-]/gu, ''),
  longText: (value: string) => value.replace(/[^\p{L}\p{M}\p{N} \n,.\-_'"();:!?&%$@#*+=]/gu, ''),
  /** Digits and one decimal point, as a price input keeps them. */
  decimal: (value: string) => {
    const kept = value.replace(/[^\d.]/g, '');
    const point = kept.indexOf('.');
    return point < 0 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, '')}`;
  },
} as const;

function requiredText(
  required: string,
  pattern: RegExp,
  invalid: string,
  [min, max]: [number, number],
  lengthMessage: string,
) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(pattern, { error: invalid, abort: true })
    .min(min, { error: lengthMessage, abort: true })
    .max(max, lengthMessage);
}

function email(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid, abort: true })
    .regex(EMAIL_PATTERN, invalid);
}

/** Optional VAT: empty becomes null. */
function vat(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(
      z
        .string()
        .regex(CODE_PATTERN, { error: invalid, abort: true })
        .min(5, { error: invoiceMessages.vatLength, abort: true })
        .max(20, invoiceMessages.vatLength)
        .nullable(),
    );
}

function longText(invalid: string, max: number, tooLong: string) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().regex(LONG_TEXT_PATTERN, { error: invalid, abort: true }).max(max, tooLong));
}

function date(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(ISO_DATE, { error: invoiceMessages.dateInvalid, abort: true })
    .refine(isRealDate, { error: invoiceMessages.dateInvalid, abort: true })
    .refine((value) => value >= MIN_INVOICE_DATE, invoiceMessages.dateTooEarly);
}

function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** A decimal as typed: a number or a string of digits with an optional point. Normalised to a string. */
export function decimalText(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  if (typeof value === 'string') return value.trim();
  return null;
}

const unitPrice = z
  .union([z.number(), z.string()], { error: invoiceMessages.unitPriceInvalid })
  .check((ctx) => {
    const text = decimalText(ctx.value);
    if (text === null || text === '') {
      ctx.issues.push({ code: 'custom', message: invoiceMessages.unitPriceInvalid, input: ctx.value });
      return;
    }
    if (text.startsWith('-')) {
      const rest = text.slice(1);
      const message = DECIMAL_PATTERN.test(rest)
        ? invoiceMessages.unitPriceMin
        : invoiceMessages.unitPriceInvalid;
      ctx.issues.push({ code: 'custom', message, input: ctx.value });
      return;
    }
    if (!DECIMAL_PATTERN.test(text)) {
      ctx.issues.push({ code: 'custom', message: invoiceMessages.unitPriceInvalid, input: ctx.value });
      return;
    }
    if (toMinorUnits(text, 'USD') > 100_000_000_000) {
      ctx.issues.push({ code: 'custom', message: invoiceMessages.unitPriceTooLarge, input: ctx.value });
    }
  });

const quantity = z
  .union([z.number(), z.string()], { error: invoiceMessages.quantityMin })
  .transform((value, ctx) => {
    const text = decimalText(value) ?? '';
    const parsed = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(parsed)) {
      ctx.issues.push({ code: 'custom', message: invoiceMessages.quantityWhole, input: value });
      return z.NEVER;
    }
    return parsed;
  })
  .pipe(
    z
      .number()
      .min(1, { error: invoiceMessages.quantityMin, abort: true })
      .int({ error: invoiceMessages.quantityWhole, abort: true })
      .max(MAX_QUANTITY, invoiceMessages.quantityTooLarge),
  );

const taxRate = z
  .union([z.number(), z.string()], { error: invoiceMessages.taxRateInvalid })
  .optional()
  .check((ctx) => {
    if (ctx.value === undefined) return;
    const text = decimalText(ctx.value);
    const ok = text !== null && (text === '' || /^\d{1,3}(\.\d{1,2})?$/.test(text));
    if (!ok || (text !== '' && toMinorUnits(text ?? '0', 'USD') > 10_000)) {
      ctx.issues.push({ code: 'custom', message: invoiceMessages.taxRateInvalid, input: ctx.value });
    }
  });

export const invoiceItemFormSchema = z.object({
  description: requiredText(
    invoiceMessages.descriptionRequired,
    DESCRIPTION_PATTERN,
    invoiceMessages.descriptionInvalid,
    [3, 100],
    invoiceMessages.descriptionLength,
  ),
  quantity,
  unitPrice,
});
export type InvoiceItemForm = z.input<typeof invoiceItemFormSchema>;

const personName = (required: string, invalid: string) =>
  requiredText(required, PERSON_NAME_PATTERN, invalid, [2, 50], invoiceMessages.nameLength);
const address = (required: string, invalid: string) =>
  requiredText(required, ADDRESS_PATTERN, invalid, [5, 100], invoiceMessages.addressLength);
const company = (required: string, invalid: string) =>
  requiredText(required, COMPANY_PATTERN, invalid, [2, 50], invoiceMessages.companyLength);

const m = invoiceMessages;

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
};

type DatedForm = { issueDate: string; dueDate: string };

function dueNotBeforeIssue<T extends DatedForm>(value: T, ctx: z.RefinementCtx): void {
  if (value.dueDate < value.issueDate) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m.dueDateBeforeIssue });
  }
}

/** Step 1 of the wizard: the form as spec §3 lists it. Unknown keys (amount, currencySymbol, logo) are dropped. */
export const invoiceFormSchema = z.object(invoiceFormShape).superRefine(dueNotBeforeIssue);
export type InvoiceFormInput = z.input<typeof invoiceFormSchema>;
export type InvoiceForm = z.output<typeof invoiceFormSchema>;

/** What the web submits (`invoice` field of POST /invoices, body of PUT /invoices/{id}): the form plus the template. */
export const invoiceSubmitSchema = z
  .object({
    ...invoiceFormShape,
    templateId: z.string({ error: m.templateRequired }).trim().min(1, m.templateRequired).max(100),
    templateName: z.string().max(100).optional(),
    templateComponentName: z.string().max(100).optional(),
    status: z.literal('Draft').optional(),
  })
  .superRefine(dueNotBeforeIssue);
export type InvoiceSubmitInput = z.input<typeof invoiceSubmitSchema>;
export type InvoiceSubmit = z.output<typeof invoiceSubmitSchema>;

/**
 * The stricter rule for "Next Step" (spec §5): valid, and every item has a description, a quantity above 0
 * and a unit price above 0 (a price of 0 blocks, although the field itself accepts it).
 */
export function isInvoiceSubmittable(form: unknown): boolean {
  const result = invoiceFormSchema.safeParse(form);
  if (!result.success) return false;
  return result.data.items.every((item) => {
    const text = decimalText(item.unitPrice) ?? '';
    return (
      item.description.length > 0 && item.quantity > 0 && DECIMAL_PATTERN.test(text) && /[1-9]/.test(text)
    );
  });
}
