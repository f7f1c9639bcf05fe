import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { eInvoiceDetailMessages, phoneSchema, postalAddressInputSchema } from './einvoice/details.js';
import { postalAddressSchema } from './einvoice/model.js';
import { invoiceMessages } from './invoice-form-messages.js';
import { normalizeTyped } from './text-input.js';
import { EMAIL_PATTERN } from './validation.js';

/** The company profile's API: `GET /settings` and `PUT /settings` (spec §3 User settings, docs/api.md). */

/** `GET /settings` (spec §3 User settings). */
export const userSettingsSchema = z.object({
  Name: z.string(),
  DefaultDueDays: z.number().int().nullable(),
  Settings: z.object({
    CompanyEmail: z.string(),
    CompanyAddress: z.string(),
    CompanyName: z.string(),
    DefaultCurrency: z.string(),
    UserCompanyVAT: z.string().nullable(),
    LogoURL: z.string().nullable(),
    /** The company's e-invoice details (UserSettingsChanged v2); absent from a server before them. */
    CompanyPostalAddress: postalAddressSchema.optional(),
    CompanyPhone: z.string().optional(),
    CompanyTaxNumber: z.string().nullable().optional(),
  }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** `PUT /settings`: everything optional-but-valid; empty company fields are allowed (not yet filled in). */
const optionalText = (pattern: RegExp, max: number, message: string) =>
  z
    .string()
    .transform(normalizeTyped)
    .pipe(
      z
        .string()
        .trim()
        .max(max, message)
        .refine((value) => value === '' || pattern.test(value), message),
    )
    .optional()
    .default('');

/** The company's address line (made from the profile's one address entry): the spec's rule, or empty. */
const optionalAddress = z
  .string()
  .transform(normalizeTyped)
  .pipe(
    z
      .string()
      .trim()
      .refine((value) => /^[\p{L}\p{M}\p{N} \n,.-]*$/u.test(value), {
        error: invoiceMessages.userAddressInvalid,
        abort: true,
      })
      .refine(
        (value) => value === '' || (value.length >= 5 && value.length <= 100),
        invoiceMessages.addressLength,
      ),
  )
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
      CompanyAddress: optionalAddress,
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
      /** E-invoice details of the company (UserSettingsChanged v2); absent keeps the ones on file. */
      CompanyPostalAddress: postalAddressInputSchema.optional(),
      CompanyPhone: phoneSchema.optional(),
      CompanyTaxNumber: z
        .string({ error: eInvoiceDetailMessages.taxNumberInvalid })
        .trim()
        .refine(
          (value) => value === '' || (value.length >= 3 && value.length <= 40),
          eInvoiceDetailMessages.taxNumberInvalid,
        )
        .transform((value) => value || null)
        .nullable()
        .optional(),
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
