import { z } from 'zod';
import { currencyCodes } from './currencies.js';
import { countryCodes, vatCategoryCodes } from './einvoice/codes.js';
import { customerTypes } from './einvoice/model.js';
import { type DocumentLanguage, documentLanguages } from './i18n/languages.js';

/**
 * Clients (issue 29): the freelancer's address book. The form schema is shared by the /clients dialog, the CSV
 * import and the command side (`POST /clients`, `PUT /clients/{id}`), so they cannot drift. Names are free
 * text in any script (an address book holds 'Müller GmbH' and '株式会社ABC' alike); only control characters
 * are refused, and every text has a length limit.
 */
export { type DocumentLanguage, documentLanguages };

export const CLIENT_NAME_MAX = 100;
export const CLIENT_NOTES_MAX = 1000;
export const CLIENT_CC_MAX = 5;
export const PAYMENT_TERMS_MAX_DAYS = 365;

export const clientMessages = {
  nameRequired: 'Enter a company name or a contact name',
  companyNameTooLong: 'Company name cannot exceed 100 characters',
  contactNameTooLong: 'Contact name cannot exceed 100 characters',
  controlCharacters: 'This field cannot contain control characters',
  emailInvalid: 'Please enter a valid email address',
  ccInvalid: 'Each cc address must be a valid email address',
  ccTooMany: 'At most 5 cc addresses',
  streetTooLong: 'Street cannot exceed 100 characters',
  postCodeTooLong: 'Post code cannot exceed 20 characters',
  cityTooLong: 'City cannot exceed 60 characters',
  countryInvalid: 'Please choose a country from the list',
  vatIdInvalid: 'VAT number can only contain uppercase letters, numbers, and hyphens (5-20 characters)',
  taxNumberInvalid: 'Tax number must be between 3 and 40 characters',
  typeInvalid: 'Please choose business, public body or consumer',
  buyerReferenceTooLong: 'Buyer reference can have at most 100 characters',
  electronicAddressInvalid: 'Electronic address must be an e-mail address',
  languageInvalid: 'Please choose a document language from the list',
  currencyInvalid: 'Please choose a currency from the list',
  paymentTermsInvalid: 'Payment terms must be a whole number of days between 0 and 365',
  vatCategoryInvalid: 'Please choose a VAT category from the list',
  vatRateInvalid: 'VAT rate must be a number between 0 and 100 with at most two decimals',
  notesTooLong: 'Notes cannot exceed 1000 characters',
  versionRequired: 'The version of the client you edited is missing; reload the client and edit again',
  // Command-side answers.
  notFound: 'Client not found',
  changedElsewhere:
    'This client was changed in another tab or on another device since you opened it. Reload to see the changes, then edit again.',
  archived: 'This client is archived and can no longer be edited',
} as const;

const m = clientMessages;

/**
 * C0/C1 control characters, which no typed text holds and which could break a mail header or a CSV row. Tab and
 * line breaks count only where a text may have lines (notes, descriptions).
 */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return /\p{Cc}/u.test(multiline ? text.replace(/[\t\r\n]/g, ' ') : text);
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed text up to `max`; absent is ''. */
const text = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), m.controlCharacters)
    .nullish()
    .transform((value) => value ?? '');

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .refine((value) => value === '' || EMAIL.test(value), message)
    .transform((value) => value.toLowerCase());

/** "de 123 456 789" → "DE123456789": how a VAT id is stored. */
const vatId = z
  .string({ error: m.vatIdInvalid })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || /^[A-Z0-9-]{5,20}$/.test(value), m.vatIdInvalid)
  .nullish()
  .transform((value) => value ?? '');

const countryCode = z
  .string({ error: m.countryInvalid })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => code === '' || (countryCodes as readonly string[]).includes(code), m.countryInvalid)
  .nullish()
  .transform((code) => code ?? '');

export const clientAddressSchema = z.object({
  street: text(100, m.streetTooLong),
  postCode: text(20, m.postCodeTooLong),
  city: text(60, m.cityTooLong),
  /** ISO 3166-1 alpha-2 from contracts' `countries`, or '' when none is chosen. */
  country: countryCode,
});
export type ClientAddress = z.output<typeof clientAddressSchema>;

/** A percent as typed or sent (19, '7.5', '7,5'), held as basis points (1900) like every rate of Remit. */
export const vatRatePercent = z
  .union([z.number(), z.string()], { error: m.vatRateInvalid })
  .transform((value, ctx) => {
    const typed = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
    if (typed === '') return null;
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(typed) || Number(typed) > 100) {
      ctx.addIssue({ code: 'custom', message: m.vatRateInvalid });
      return z.NEVER;
    }
    const [whole = '0', fraction = ''] = typed.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .nullish()
  .transform((value) => value ?? null);

export const vatCategorySchema = z
  .union([z.enum(vatCategoryCodes), z.literal('')], { error: m.vatCategoryInvalid })
  .nullish()
  .transform((value) => value || null);

/** The dialog's, the import's and the API's body (camelCase). */
export const clientFormSchema = z
  .object({
    companyName: text(CLIENT_NAME_MAX, m.companyNameTooLong),
    contactName: text(CLIENT_NAME_MAX, m.contactNameTooLong),
    email: email(m.emailInvalid)
      .nullish()
      .transform((value) => value ?? ''),
    ccEmails: z
      .array(email(m.ccInvalid), { error: m.ccInvalid })
      .max(CLIENT_CC_MAX, m.ccTooMany)
      .nullish()
      .transform((list) => [...new Set((list ?? []).filter(Boolean))]),
    address: clientAddressSchema
      .nullish()
      .transform((address) => address ?? { street: '', postCode: '', city: '', country: '' }),
    vatId,
    taxNumber: z
      .string({ error: m.taxNumberInvalid })
      .trim()
      .refine((value) => value === '' || (value.length >= 3 && value.length <= 40), m.taxNumberInvalid)
      .nullish()
      .transform((value) => value ?? ''),
    type: z.enum(customerTypes, { error: m.typeInvalid }).optional().default('business'),
    buyerReference: text(100, m.buyerReferenceTooLong),
    electronicAddress: email(m.electronicAddressInvalid)
      .nullish()
      .transform((value) => value ?? ''),
    language: z.enum(documentLanguages, { error: m.languageInvalid }).optional().default('en'),
    currency: z
      .union([z.enum(currencyCodes), z.literal('')], { error: m.currencyInvalid })
      .nullish()
      .transform((value) => value || null),
    paymentTermsDays: z
      .union([z.number(), z.string().trim()], { error: m.paymentTermsInvalid })
      .transform((value, ctx) => {
        if (value === '') return null;
        const days = Number(value);
        if (!Number.isInteger(days) || days < 0 || days > PAYMENT_TERMS_MAX_DAYS) {
          ctx.addIssue({ code: 'custom', message: m.paymentTermsInvalid });
          return z.NEVER;
        }
        return days;
      })
      .nullish()
      .transform((value) => value ?? null),
    vatCategory: vatCategorySchema,
    vatRate: vatRatePercent,
    notes: z
      .string({ error: m.notesTooLong })
      .trim()
      .max(CLIENT_NOTES_MAX, m.notesTooLong)
      .refine((value) => !hasControlCharacters(value, true), m.controlCharacters)
      .nullish()
      .transform((value) => value ?? ''),
  })
  .superRefine((value, ctx) => {
    if (value.companyName === '' && value.contactName === '') {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: m.nameRequired });
    }
  });
export type ClientFormInput = z.input<typeof clientFormSchema>;
/** A client's details as its events carry them (rates in basis points, '' or null when unset). */
export type ClientDetails = z.output<typeof clientFormSchema>;

/** `PUT /clients/{id}`: the details and the stream version the editor started from (two tabs: D-182). */
export const clientUpdateSchema = z.object({
  client: clientFormSchema,
  version: z.number({ error: m.versionRequired }).int(m.versionRequired).min(1, m.versionRequired),
});
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;

/** A client as the API answers it: the details, its id and stream version, archived or not. */
export const clientSchema = z.object({
  id: z.string(),
  version: z.number(),
  archived: z.boolean(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  ccEmails: z.array(z.string()),
  address: z.object({ street: z.string(), postCode: z.string(), city: z.string(), country: z.string() }),
  vatId: z.string(),
  taxNumber: z.string(),
  type: z.enum(customerTypes),
  buyerReference: z.string(),
  electronicAddress: z.string(),
  language: z.enum(documentLanguages),
  currency: z.string().nullable(),
  paymentTermsDays: z.number().nullable(),
  vatCategory: z.enum(vatCategoryCodes).nullable(),
  /** Basis points (1900 = 19 %). */
  vatRate: z.number().nullable(),
  notes: z.string(),
});
export type Client = z.infer<typeof clientSchema>;
