import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { DEFAULT_UNIT } from './einvoice/codes.js';
import { eInvoiceDetailsSchema, lineUnitSchema, lineVatInputSchema } from './einvoice/details.js';
import { formatQuantity, readMeasuredQuantity, wholeQuantity } from './einvoice/quantity.js';
import { exactTotal, limitInMinorUnits, MONEY_LIMITS, toMinorUnitsExact } from './money.js';
import { decimalString, isAboveLimit, readTypedNumber, significantDecimals } from './typed-number.js';
import { EMAIL_PATTERN, type FieldErrors, fieldErrors, PERSON_NAME_PATTERN } from './validation.js';

/**
 * The invoice form of spec §5: every rule and message, shared by the wizard (step 1) and the command side
 * (`POST /invoices`, `PUT /invoices/{id}`), so the two cannot drift. Amounts in the form are what a person
 * types (a unit price "12,50", a tax rate 7.5 percent); the schema reads them with `readTypedNumber` into
 * plain decimal strings, and `invoiceAmounts` turns those into minor units and basis points with money.ts,
 * never with floating-point arithmetic.
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
  quantityUnclear: 'Quantity is unclear: type it without a thousands separator, such as 1000',
  unitPriceTooLarge: 'Unit price cannot exceed 1,000,000,000',
  unitPriceUnclear: 'Unit price is unclear: type it without a thousands separator, such as 1234.50',
  unitPriceAboveZero: 'Unit price must be greater than 0',
  totalTooLarge: 'The invoice total cannot exceed 1,000,000,000,000',
  taxRateInvalid: 'Tax rate must be a number between 0 and 100 with at most two decimals',
  taxRateUnclear: 'Tax rate is unclear: type it with at most two decimals, such as 7.5',
  itemsTooMany: 'An invoice can have at most 500 items',
  templateRequired: 'Please select a template first.',
} as const;

const m = invoiceMessages;

export const NOTES_MAX = 500;
export const TERMS_MAX = 1000;
export const MAX_ITEMS = 500;
export const MAX_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE = 1_000_000_000;
export const MIN_INVOICE_DATE = '2000-01-01';

// Patterns of spec §5. Newlines count as spaces in the multi-line fields (addresses, notes, terms).
const ADDRESS_PATTERN = /^[\p{L}\p{M}\p{N} \n,.-]+$/u;
const COMPANY_PATTERN = /^[\p{L}\p{M}\p{N} &'’-]+$/u;
const CODE_PATTERN = /^[A-Z0-9-]+$/;
const DESCRIPTION_PATTERN = /^[\p{L}\p{M}\p{N} ,.-]+$/u;
const LONG_TEXT_PATTERN = /^[\p{L}\p{M}\p{N} \n,.\-_'"();:!?&%$@#*+=]*$/u;
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
  // No sanitiser for quantity, unit price and tax rate: whatever it removed while the user types would merge
  // what is left into another number ("12,50" into 1250, "-2" into 2). They keep what was typed and the
  // schema answers a message instead.
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

type Issue = { message: string };

/** One number field: what was typed → its value, or the field's message. Never a different number. */
function typedNumberField<T>(read: (value: unknown) => T | Issue, missing: string) {
  return z.union([z.number(), z.string()], { error: missing }).transform((value, ctx): T => {
    const result = read(value);
    if (result !== null && typeof result === 'object' && 'message' in result) {
      ctx.issues.push({ code: 'custom', message: result.message, input: value });
      return z.NEVER;
    }
    return result as T;
  });
}

/** Spec §5: at least 1, a whole number (in that order, as the spec lists them); at most 1,000,000. */
export function readQuantity(value: unknown): number | Issue {
  const read = readTypedNumber(value);
  if (read.kind === 'empty') return { message: m.quantityMin };
  if (read.kind === 'unclear') return { message: m.quantityUnclear };
  if (read.kind === 'invalid') return { message: m.quantityWhole };
  if (read.negative || BigInt(read.whole) < 1n) return { message: m.quantityMin };
  if (significantDecimals(decimalString(read)) > 0) return { message: m.quantityWhole };
  if (isAboveLimit(read, MAX_QUANTITY)) return { message: m.quantityTooLarge };
  return Number(read.whole);
}

/** Spec §5: numeric, at least 0 → a plain decimal string ("1234.50"); at most 1,000,000,000. */
export function readUnitPrice(value: unknown): string | Issue {
  const read = readTypedNumber(value);
  if (read.kind === 'unclear') return { message: m.unitPriceUnclear };
  if (read.kind !== 'number') return { message: m.unitPriceInvalid };
  if (read.negative) return { message: m.unitPriceMin };
  if (isAboveLimit(read, MAX_UNIT_PRICE)) return { message: m.unitPriceTooLarge };
  return decimalString(read);
}

/** 0 to 100 percent with at most two decimals → a plain decimal string; empty means 0. */
export function readTaxRate(value: unknown): string | Issue {
  const read = readTypedNumber(value);
  if (read.kind === 'empty') return '';
  if (read.kind === 'unclear') return { message: m.taxRateUnclear };
  if (
    read.kind === 'invalid' ||
    read.negative ||
    significantDecimals(decimalString(read)) > 2 ||
    isAboveLimit(read, 100)
  ) {
    return { message: m.taxRateInvalid };
  }
  return decimalString(read);
}

/** The most decimals a price may have in a currency; more would be rounded away, so they are refused. */
export function unitPriceDecimalsMessage(currencyCode: string): string {
  const currency = currencyByCode(currencyCode);
  if (!currency) return m.unitPriceInvalid;
  return currency.decimals === 0
    ? `Unit price cannot have decimals in ${currency.value}`
    : `Unit price can have at most ${currency.decimals} decimals in ${currency.value}`;
}

const unitPrice = typedNumberField(readUnitPrice, m.unitPriceInvalid);
const taxRate = typedNumberField(readTaxRate, m.taxRateInvalid).optional();

const itemShape = {
  description: requiredText(
    invoiceMessages.descriptionRequired,
    DESCRIPTION_PATTERN,
    invoiceMessages.descriptionInvalid,
    [3, 100],
    invoiceMessages.descriptionLength,
  ),
  quantity: z.union([z.number(), z.string()], { error: m.quantityMin }),
  unitPrice,
  /** UN/ECE Rec 20 (E-invoice details); absent means pieces (C62), the spec's whole-number unit. */
  unit: lineUnitSchema.optional(),
  /** This line's VAT where it differs from the invoice's (E-invoice details). */
  vat: lineVatInputSchema.nullish(),
};

/**
 * The quantity by its unit, read from the raw item so its message shows at once: pieces keep the spec's rule
 * (at least 1, a whole number); any other unit takes up to 4 decimals (1.5 hours). Ten-thousandths either way.
 */
const itemQuantity = z.unknown().transform((input, ctx) => {
  const item = (typeof input === 'object' && input !== null ? input : {}) as {
    quantity?: unknown;
    unit?: unknown;
  };
  const measured = typeof item.unit === 'string' && item.unit !== DEFAULT_UNIT;
  const read = measured ? readMeasuredQuantity(item.quantity) : readQuantity(item.quantity);
  if (typeof read !== 'number') {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: read.message });
    return { quantityUnits: 0 };
  }
  return { quantityUnits: measured ? read : wholeQuantity(read) };
});

/**
 * One line of the form. `quantity` is what the spec names (a whole count of pieces; for another unit the decimal
 * it was typed as, for display only), `quantityUnits` the exact ten-thousandths every amount is computed from.
 */
export const invoiceItemFormSchema = z
  .intersection(z.object(itemShape), itemQuantity)
  .transform(({ quantity: _typed, quantityUnits, unit, vat, ...item }) => ({
    ...item,
    quantity: Number(formatQuantity(quantityUnits)),
    quantityUnits,
    unit: unit ?? DEFAULT_UNIT,
    vat: vat ?? null,
  }));
export type InvoiceItemForm = z.input<typeof invoiceItemFormSchema>;

const personName = (required: string, invalid: string) =>
  requiredText(required, PERSON_NAME_PATTERN, invalid, [2, 50], invoiceMessages.nameLength);
const address = (required: string, invalid: string) =>
  requiredText(required, ADDRESS_PATTERN, invalid, [5, 100], invoiceMessages.addressLength);
const company = (required: string, invalid: string) =>
  requiredText(required, COMPANY_PATTERN, invalid, [2, 50], invoiceMessages.companyLength);

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
};

/** A form date that passes its own rule, or null. */
function validDate(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return ISO_DATE.test(text) && isRealDate(text) && text >= MIN_INVOICE_DATE ? text : null;
}

/** Rules across fields, read from the input, each only once the fields it reads are valid on their own. */
function checkAcrossFields(input: unknown, ctx: z.RefinementCtx): void {
  if (typeof input !== 'object' || input === null) return;
  const form = input as { issueDate?: unknown; dueDate?: unknown; currency?: unknown; items?: unknown };
  const issueDate = validDate(form.issueDate);
  const dueDate = validDate(form.dueDate);
  if (issueDate && dueDate && dueDate < issueDate) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m.dueDateBeforeIssue });
  }
  const currency = typeof form.currency === 'string' ? currencyByCode(form.currency.trim()) : undefined;
  if (!currency || !Array.isArray(form.items)) return;
  const lines: { quantity: bigint; unitPrice: bigint }[] = [];
  form.items.forEach((item: unknown, index) => {
    const fields = item as { unitPrice?: unknown; quantity?: unknown } | null;
    const price = readUnitPrice(fields?.unitPrice);
    if (typeof price === 'string' && significantDecimals(price) > currency.decimals) {
      const message = unitPriceDecimalsMessage(currency.value);
      ctx.addIssue({ code: 'custom', path: ['items', index, 'unitPrice'], message });
      return;
    }
    const quantity = readQuantity(fields?.quantity);
    if (typeof price === 'string' && typeof quantity === 'number') {
      lines.push({ quantity: BigInt(quantity), unitPrice: toMinorUnitsExact(price, currency.value) });
    }
  });
  // Each line may be within its bounds while the whole is not: the total has a bound of its own (money.ts).
  const rate = readTaxRate((input as { taxRate?: unknown }).taxRate ?? '');
  if (lines.length !== form.items.length || typeof rate !== 'string') return;
  const total = exactTotal(lines, rate === '' ? 0n : toMinorUnitsExact(rate, 'USD'));
  if (total > limitInMinorUnits(MONEY_LIMITS.invoiceTotal, currency.value)) {
    ctx.addIssue({ code: 'custom', path: ['items'], message: m.totalTooLarge });
  }
}

/**
 * The form's object schema with the rules across fields beside it. Zod runs an object's own refinements
 * only when every field is valid; beside it (an intersection with a check of the raw input that outputs
 * nothing), they run at once, so the due-date message shows while other required fields are still empty.
 */
function withCrossFieldRules<S extends z.ZodType<object>>(schema: S) {
  const acrossFields = z.unknown().transform((input, ctx) => {
    checkAcrossFields(input, ctx);
    return {};
  });
  return z.intersection(schema, acrossFields);
}

/** Step 1 of the wizard: the form as spec §3 lists it. Unknown keys (amount, currencySymbol, logo) are dropped. */
export const invoiceFormSchema = withCrossFieldRules(z.object(invoiceFormShape));
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
  }),
);
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
    const price = readUnitPrice((item as { unitPrice?: unknown } | null)?.unitPrice);
    if (!errors[path] && typeof price === 'string' && !/[1-9]/.test(price))
      errors[path] = m.unitPriceAboveZero;
  });
  return errors;
}

/** Whether "Next Step" may go on: no message at all under `invoiceFormErrors`. */
export function isInvoiceSubmittable(form: unknown): boolean {
  return Object.keys(invoiceFormErrors(form)).length === 0;
}
