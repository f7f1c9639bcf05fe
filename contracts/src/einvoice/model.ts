import { z } from 'zod';
import { currencyCodes } from '../currencies.js';
import { documentLanguages } from '../i18n/languages.js';
import { countryCodes, unitCodes, vatCategoryCodes } from './codes.js';
import { vatExemptionCodes } from './exemption-codes.js';
import { MAX_QUANTITY_UNITS } from './quantity.js';

/**
 * The e-invoice model: everything an EN 16931 invoice needs, as the next version (v2) of the invoice content and
 * of the company profile and customer. Every XML format, the Factur-X PDF and the screen are written from this one
 * shape, and the numbers they print come from one function (totals.ts). Business terms (BT-n) are noted where a
 * field carries one. Invoices written before this model reach it through `eInvoiceFromV1` (from-v1.ts).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the yyyy-mm-dd format');
const minorUnits = z.number().int().refine(Number.isSafeInteger, 'Amount out of range');

/** BG-5 / BG-8: a structured postal address. `country` is null only for addresses written before this model. */
export const postalAddressSchema = z.object({
  /** BT-35, BT-36, BT-162: street and house number, then up to two more lines. */
  lines: z.array(z.string().trim().min(1).max(100)).max(3),
  /** BT-38 / BT-53 */
  postCode: z.string().trim().max(20),
  /** BT-37 / BT-52 */
  city: z.string().trim().max(60),
  /** BT-39 / BT-54: state, province, county. */
  region: z.string().trim().max(60),
  /** BT-40 / BT-55: ISO 3166-1 alpha-2. */
  country: z.enum(countryCodes).nullable(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** As the seller wrote it; readiness checks the EN 16931 form (country prefix) on its bare form (bareVatId). */
const vatIdentifier = z.string().trim().min(1).max(30);

/** "de 123-456 789" → "DE123456789": what the XML carries. */
export function bareVatId(vatId: string): string {
  return vatId.replace(/[\s-]+/g, '').toUpperCase();
}

/** BR-CO-09: a VAT identifier starts with an ISO 3166-1 alpha-2 prefix (Greece uses EL). */
export function isVatIdFormat(vatId: string): boolean {
  return /^[A-Z]{2}[A-Z0-9+*.]{2,18}$/.test(bareVatId(vatId));
}

/** The seller as the invoice snapshots it; the company profile's next version holds the same fields. */
export const eInvoiceSellerSchema = z.object({
  /** BT-41: the contact person. */
  name: z.string().trim(),
  /** BT-27: the legal name printed as the seller; the person's name when empty. */
  companyName: z.string().trim(),
  /** BT-43 */
  email: z.string().trim(),
  /** BT-42: any format a person can dial; XRechnung requires one. */
  phone: z.string().trim().max(40),
  address: postalAddressSchema,
  /** BT-31: VAT identifier with its country prefix. */
  vatId: vatIdentifier.nullable(),
  /** BT-32: the national tax number (Steuernummer, SIREN …), for sellers without a VAT id (§19 UStG). */
  taxNumber: z.string().trim().min(3).max(40).nullable(),
  /** BT-34: the seller's electronic address (scheme EM, an e-mail); null means `email`. */
  electronicAddress: z.string().trim().nullable(),
});
export type EInvoiceSeller = z.infer<typeof eInvoiceSellerSchema>;

export const customerTypes = ['business', 'public_body', 'consumer'] as const;
export type CustomerType = (typeof customerTypes)[number];

/** The customer as the invoice snapshots it; the customer's next version holds the same fields. */
export const eInvoiceCustomerSchema = z.object({
  /** A public body (Germany: XRechnung with a Leitweg-ID) or a consumer (no VAT id, no e-invoice duty). */
  type: z.enum(customerTypes),
  name: z.string().trim(),
  /** BT-44: the buyer's legal name; the person's name when empty. */
  companyName: z.string().trim(),
  email: z.string().trim(),
  phone: z.string().trim().max(40),
  address: postalAddressSchema,
  /** BT-48 */
  vatId: vatIdentifier.nullable(),
  /** BT-10: the buyer's reference; for a German public body its Leitweg-ID (e.g. 04011000-12345-34). */
  buyerReference: z.string().trim().min(1).max(100).nullable(),
  /** BT-49: the buyer's electronic address (scheme EM); null means `email`. */
  electronicAddress: z.string().trim().nullable(),
});
export type EInvoiceCustomer = z.infer<typeof eInvoiceCustomerSchema>;

/**
 * A VAT treatment: category (BT-118/BT-151), rate in basis points (BT-119/BT-152; 1900 is 19%) and, where the
 * category needs one, the exemption reason (BT-121 code and/or BT-120 text). `category` is null only for invoices
 * written before this model without tax: which of Z, E, AE, K, G or O they meant is the seller's statement to make.
 */
export const vatTreatmentSchema = z.object({
  category: z.enum(vatCategoryCodes).nullable(),
  rate: z.number().int().min(0).max(10_000),
  exemption: z
    .object({
      code: z.enum(vatExemptionCodes).nullable(),
      text: z.string().trim().max(300),
    })
    .nullable(),
});
export type VatTreatment = z.infer<typeof vatTreatmentSchema>;

export const eInvoiceLineSchema = z.object({
  /** BT-153 */
  description: z.string().trim(),
  /** BT-129: ten-thousandths of `unit` (quantity.ts): 1.5 hours is 15000. */
  quantity: z.number().int().min(0).max(MAX_QUANTITY_UNITS),
  /** BT-130: UN/ECE Rec 20. */
  unit: z.enum(unitCodes),
  /** BT-146: net price per one unit, in minor units of the invoice currency. */
  unitPrice: minorUnits.refine((value) => value >= 0, 'Unit price must be greater than or equal to 0'),
  /** This line's VAT where it differs from the invoice's; null follows the invoice. */
  vat: vatTreatmentSchema.nullable(),
});
export type EInvoiceLine = z.infer<typeof eInvoiceLineSchema>;

/** BT-72 (one delivery date) or BG-14 (the period a service was performed in). */
export const deliverySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('date'), date: isoDate }),
  z
    .object({ kind: z.literal('period'), start: isoDate, end: isoDate })
    .refine((period) => period.end >= period.start, 'The service period cannot end before it starts'),
]);
export type Delivery = z.infer<typeof deliverySchema>;

/** The invoice's payment method as snapshotted; BT-81's code is derived from it (payment.ts). */
export const eInvoicePaymentMethodSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bank_transfer'),
    name: z.string(),
    bankName: z.string(),
    /** BT-84 for 58; upper case without spaces. */
    iban: z.string(),
    /** BT-86 */
    bic: z.string(),
    /** BT-84 for a non-IBAN account (code 30). */
    accountNumber: z.string(),
  }),
  z.object({
    type: z.literal('digital'),
    name: z.string(),
    link: z.string(),
    instructions: z.string(),
  }),
]);
export type EInvoicePaymentMethod = z.infer<typeof eInvoicePaymentMethodSchema>;

/** BT-3: the kinds of document Remit issues, as EN 16931 codes them (UNTDID 1001). */
export const documentTypeCodes = ['380', '381'] as const;
export type DocumentTypeCode = (typeof documentTypeCodes)[number];
export const INVOICE_TYPE_CODE = '380' as const satisfies DocumentTypeCode;
export const CREDIT_NOTE_TYPE_CODE = '381' as const satisfies DocumentTypeCode;

/** BG-3: the invoice a credit note corrects (BT-25 its number, BT-26 its issue date). */
export const precedingInvoiceSchema = z.object({ number: z.string().min(1), issueDate: isoDate });
export type PrecedingInvoice = z.infer<typeof precedingInvoiceSchema>;

/**
 * The invoice content, version 2: v1's fields with structured parties, units, VAT categories and delivery. As
 * InvoiceIssued v2 recorded it, before documents had a kind (the events' upcaster adds it: 380, no reference).
 */
export const eInvoiceV2Schema = z.object({
  /** BT-1 */
  number: z.string().min(1),
  /** BT-2 */
  issueDate: isoDate,
  /** BT-9 */
  dueDate: isoDate,
  /** BT-5 */
  currency: z.enum(currencyCodes),
  seller: eInvoiceSellerSchema,
  customer: eInvoiceCustomerSchema,
  items: z.array(eInvoiceLineSchema).min(1),
  /** The invoice's VAT; lines follow it unless they carry their own. */
  vat: vatTreatmentSchema,
  delivery: deliverySchema.nullable(),
  paymentMethod: eInvoicePaymentMethodSchema.nullable(),
  /** BT-20; empty means "Payment due by {due date}". */
  paymentTerms: z.string().trim().max(500),
  /** BT-22 (a note) and the terms, both printed and sent. */
  notes: z.string(),
  terms: z.string(),
});

/**
 * The e-invoice model of one document: an invoice (380) or a credit note (381) that names the invoice it corrects.
 * A credit note's amounts are positive; its type code says they are a credit.
 */
export const eInvoiceV3Schema = eInvoiceV2Schema.extend({
  /** BT-3 */
  typeCode: z.enum(documentTypeCodes),
  /** BG-3; null on an invoice. */
  precedingInvoice: precedingInvoiceSchema.nullable(),
});

/**
 * Version 4 (issue 30): the language the document is written in, for the customer (its PDF, e-mails and customer
 * page; CII's ram:LanguageID). Everything written before it is English.
 */
export const eInvoiceSchema = eInvoiceV3Schema.extend({
  language: z.enum(documentLanguages),
});
export type EInvoice = z.infer<typeof eInvoiceSchema>;

/** A line's VAT: its own, or the invoice's. */
export function lineVat(invoice: Pick<EInvoice, 'vat'>, line: Pick<EInvoiceLine, 'vat'>): VatTreatment {
  return line.vat ?? invoice.vat;
}
