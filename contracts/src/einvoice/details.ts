import { z } from 'zod';
import { countryCodes, unitCodes, vatCategoryCodes } from './codes.js';
import { vatExemptionCodes } from './exemption-codes.js';
import { customerTypes, deliverySchema } from './model.js';

/**
 * What the wizard's 'E-invoice details' section adds to the spec's invoice form (`eInvoice` of the submit
 * payload; docs/api.md). Every field is optional: an absent one takes its default (the customer is a business,
 * the delivery date is the issue date, the VAT category is standard for a rate above 0, the seller's structured
 * address, phone and tax number come from the profile), so the spec's form stays valid input as it is.
 */
export const eInvoiceDetailMessages = {
  countryInvalid: 'Please choose a country from the list',
  addressLineTooLong: 'An address line can have at most 100 characters',
  postCodeTooLong: 'Post code can have at most 20 characters',
  cityTooLong: 'City can have at most 60 characters',
  regionTooLong: 'Region can have at most 60 characters',
  phoneInvalid: 'Phone can only contain digits, spaces and + ( ) / -',
  buyerReferenceTooLong: 'Buyer reference can have at most 100 characters',
  electronicAddressInvalid: 'Electronic address must be an e-mail address',
  vatCategoryInvalid: 'Please choose a VAT category from the list',
  exemptionTextTooLong: 'Exemption reason can have at most 300 characters',
  exemptionCodeInvalid: 'Please choose an exemption reason from the list',
  paymentTermsTooLong: 'Payment terms can have at most 500 characters',
  taxNumberInvalid: 'Tax number must be between 3 and 40 characters',
  unitInvalid: 'Please choose a unit from the list',
  lineRateInvalid: 'Tax rate must be a number between 0 and 100 with at most two decimals',
} as const;

const d = eInvoiceDetailMessages;

/** Empty text is "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/** A structured postal address as typed; the country is an ISO 3166-1 alpha-2 code from the list. */
export const postalAddressInputSchema = z.object({
  lines: z
    .array(z.string({ error: d.addressLineTooLong }).trim().max(100, d.addressLineTooLong))
    .max(3, d.addressLineTooLong)
    .optional()
    .default([])
    .transform((lines) => lines.filter(Boolean)),
  postCode: z.string().trim().max(20, d.postCodeTooLong).optional().default(''),
  city: z.string().trim().max(60, d.cityTooLong).optional().default(''),
  region: z.string().trim().max(60, d.regionTooLong).optional().default(''),
  country: z
    .string({ error: d.countryInvalid })
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(z.enum(countryCodes, { error: d.countryInvalid }))
    .nullish()
    .transform((code) => code ?? null),
});
export type PostalAddressInput = z.input<typeof postalAddressInputSchema>;

export const phoneSchema = z
  .string({ error: d.phoneInvalid })
  .trim()
  .max(40, d.phoneInvalid)
  .regex(/^[0-9 +()/.-]*$/, d.phoneInvalid);

const electronicAddress = z
  .string({ error: d.electronicAddressInvalid })
  .trim()
  .max(254, d.electronicAddressInvalid)
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), d.electronicAddressInvalid)
  .nullish()
  .transform((value) => value || null);

const exemptionInput = z
  .object({
    code: z.enum(vatExemptionCodes, { error: d.exemptionCodeInvalid }).nullish(),
    text: z.string().trim().max(300, d.exemptionTextTooLong).optional().default(''),
  })
  .nullish()
  .transform((value) =>
    value && (value.code || value.text) ? { code: value.code ?? null, text: value.text } : null,
  );

/** A VAT category chosen for the invoice (its rate is the form's tax rate) with its exemption reason. */
export const invoiceVatInputSchema = z.object({
  category: z.enum(vatCategoryCodes, { error: d.vatCategoryInvalid }),
  exemption: exemptionInput,
});

/** A line's own VAT where it differs from the invoice's: category, rate in basis points (1900 = 19%), reason. */
export const lineVatInputSchema = z.object({
  category: z.enum(vatCategoryCodes, { error: d.vatCategoryInvalid }),
  rate: z
    .number({ error: d.lineRateInvalid })
    .int(d.lineRateInvalid)
    .min(0, d.lineRateInvalid)
    .max(10_000, d.lineRateInvalid),
  exemption: exemptionInput,
});

export type LineVatInput = z.input<typeof lineVatInputSchema>;

export const lineUnitSchema = z.enum(unitCodes, { error: d.unitInvalid });

/** The customer's e-invoice details; their name, e-mail, company and VAT id are the spec's fields. */
export const eInvoiceCustomerInputSchema = z.object({
  type: z.enum(customerTypes).optional().default('business'),
  address: postalAddressInputSchema.nullish(),
  phone: phoneSchema.optional().default(''),
  buyerReference: optionalText(100, d.buyerReferenceTooLong),
  electronicAddress,
});

/** The seller's e-invoice details on this invoice; absent ones come from the profile. */
export const eInvoiceSellerInputSchema = z.object({
  address: postalAddressInputSchema.nullish(),
  phone: phoneSchema.optional(),
  taxNumber: z
    .string({ error: d.taxNumberInvalid })
    .trim()
    .refine((value) => value === '' || (value.length >= 3 && value.length <= 40), d.taxNumberInvalid)
    .nullish(),
  electronicAddress,
});

/**
 * What a form sends for a field left empty is '' (a select at its placeholder, a cleared input): the same as not
 * given. Dropped before the schema reads the details, so '' never meets a list of codes.
 */
function withoutEmpty(value: unknown): unknown {
  if (value === '') return undefined;
  if (Array.isArray(value)) return value.map(withoutEmpty).filter((item) => item !== undefined);
  if (value && typeof value === 'object') {
    const kept = Object.entries(value)
      .map(([key, item]) => [key, withoutEmpty(item)] as const)
      .filter(([, item]) => item !== undefined);
    return Object.fromEntries(kept);
  }
  return value;
}

/** A VAT choice without a category is no choice (the default applies). */
const withoutBareVat = (details: unknown) => {
  if (!details || typeof details !== 'object') return details;
  const { vat, ...rest } = details as { vat?: unknown };
  const chosen = vat && typeof vat === 'object' && 'category' in vat ? { vat } : {};
  return { ...rest, ...chosen };
};

export const eInvoiceDetailsSchema = z.preprocess(
  (details) => withoutBareVat(withoutEmpty(details)),
  z.object({
    seller: eInvoiceSellerInputSchema.optional(),
    customer: eInvoiceCustomerInputSchema.optional(),
    /** The invoice's VAT category; absent: standard (S) for a rate above 0, unknown for 0 (readiness asks). */
    vat: invoiceVatInputSchema.nullish(),
    /** BT-72 / BG-14; absent means the issue date, null says "none given". */
    delivery: deliverySchema.nullish(),
    paymentTerms: z.string().trim().max(500, d.paymentTermsTooLong).optional().default(''),
  }),
);
export type EInvoiceDetailsInput = z.input<typeof eInvoiceDetailsSchema>;
export type EInvoiceDetails = z.output<typeof eInvoiceDetailsSchema>;
