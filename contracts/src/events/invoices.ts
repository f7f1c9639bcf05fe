import { z } from 'zod';
import { addressFromText, eInvoiceFromV1 } from '../einvoice/from-v1.js';
import {
  eInvoiceSchema,
  eInvoiceV2Schema,
  eInvoiceV3Schema,
  INVOICE_TYPE_CODE,
  postalAddressSchema,
} from '../einvoice/model.js';
import { accountingSettingsSchema } from '../exports-api.js';
import { documentLanguages } from '../i18n/languages.js';
import { type EventOf, eventType } from './define.js';
import { type InvoiceContent, invoiceContentSchema } from './invoice-content-v1.js';

export * from './invoice-content-v1.js';

/**
 * The event catalogue of invoices, settings and (the minimum of) billing (docs/events.md).
 *
 * Streams:
 * - `invoice-{invoiceId}`: InvoiceIssued, InvoiceRevised, InvoiceDeleted.
 * - `invoice-number-{userId}-{number}`: InvoiceNumberReserved, written with "stream must not exist" in the
 *   same transaction as the invoice, so a number is used once per user. A number stays reserved for good
 *   (after a revision to another number, and after deletion): invoice numbers are never reused.
 * - `logo-{logoId}`: LogoUploaded, the image itself (content-addressed per user, written once).
 * - `user-settings-{userId}`: UserSettingsChanged.
 * - Billing's streams are in `./billing.ts`.
 *
 * Money is integer minor units of `currency`; `taxRate` is basis points (hundredths of a percent).
 */

/**
 * Version 2 of what InvoiceIssued and InvoiceRevised carry: the spec's content (what the API answers and the read
 * models hold; a line in another unit than pieces shows its decimal quantity there, for display) and the e-invoice
 * model (`eInvoice`: structured parties, units and exact quantities, VAT categories, delivery, payment terms), from
 * which every e-invoice and the Factur-X PDF are written. The amounts of both are computeEInvoiceTotals'.
 */
const invoiceRecordV2Schema = invoiceContentSchema.extend({
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().nonnegative(),
      unitPrice: z.number().int(),
      total: z.number().int(),
    }),
  ),
  eInvoice: eInvoiceV2Schema,
});

/** Version 3: the e-invoice model carries the document's kind (BT-3) and the invoice it corrects (BG-3). */
export const invoiceRecordV3Schema = invoiceRecordV2Schema.extend({ eInvoice: eInvoiceV3Schema });

/** Version 4 (issue 30): the e-invoice model carries the document's language (en, de, fr, es, it, nl). */
export const invoiceRecordSchema = invoiceRecordV2Schema.extend({ eInvoice: eInvoiceSchema });
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;

/**
 * Where an issued invoice came from (issue 33): the quote it was converted from ('Convert to invoice'), the
 * recurring profile's period that issued it, or null for one issued by hand (the wizard, the API, an import).
 */
export const invoiceOriginSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('quote'), quoteId: z.string(), number: z.string() }),
    z.object({ kind: z.literal('recurring'), profileId: z.string(), period: z.number().int().min(0) }),
  ])
  .nullable();
export type InvoiceOrigin = z.infer<typeof invoiceOriginSchema>;

/** v1 → v2: the content as it was, and the e-invoice model it states (eInvoiceFromV1: nothing is guessed). */
export const invoiceRecordFromV1 = <Data extends InvoiceContent>(v1: Data) => ({
  ...v1,
  eInvoice: eInvoiceFromV1(v1),
});

/** v2 → v3: every invoice written before credit notes is an invoice (380) that corrects none. */
export const invoiceRecordFromV2 = <Data extends { eInvoice: z.infer<typeof eInvoiceV2Schema> }>(
  v2: Data,
) => ({
  ...v2,
  eInvoice: { ...v2.eInvoice, typeCode: INVOICE_TYPE_CODE, precedingInvoice: null },
});

/** v3 → v4: every document written before it had a language was printed in English. */
export const invoiceRecordFromV3 = <Data extends { eInvoice: z.infer<typeof eInvoiceV3Schema> }>(
  v3: Data,
) => ({
  ...v3,
  eInvoice: { ...v3.eInvoice, language: 'en' as const },
});

export const invoiceEvents = {
  InvoiceIssued: eventType(
    invoiceContentSchema.extend({ invoiceId: z.string(), userId: z.string(), status: z.literal('Draft') }),
  )
    .next(
      invoiceRecordV2Schema.extend({ invoiceId: z.string(), userId: z.string(), status: z.literal('Draft') }),
      invoiceRecordFromV1,
    )
    .next(
      invoiceRecordV3Schema.extend({ invoiceId: z.string(), userId: z.string(), status: z.literal('Draft') }),
      invoiceRecordFromV2,
    )
    .next(
      invoiceRecordSchema.extend({ invoiceId: z.string(), userId: z.string(), status: z.literal('Draft') }),
      invoiceRecordFromV3,
    )
    // v5 (issue 33): where it came from; every invoice issued before was issued by hand.
    .next(
      invoiceRecordSchema.extend({
        invoiceId: z.string(),
        userId: z.string(),
        status: z.literal('Draft'),
        origin: invoiceOriginSchema,
      }),
      (v4) => ({ ...v4, origin: null }),
    ),
  /** A revision while unpaid: the whole new content (docs/decisions.md, Invoices). */
  InvoiceRevised: eventType(invoiceContentSchema.extend({ invoiceId: z.string(), userId: z.string() }))
    .next(invoiceRecordV2Schema.extend({ invoiceId: z.string(), userId: z.string() }), invoiceRecordFromV1)
    .next(invoiceRecordV3Schema.extend({ invoiceId: z.string(), userId: z.string() }), invoiceRecordFromV2)
    .next(invoiceRecordSchema.extend({ invoiceId: z.string(), userId: z.string() }), invoiceRecordFromV3),
  InvoiceDeleted: eventType(z.object({ invoiceId: z.string(), userId: z.string(), number: z.string() })),
  /** The invoice was bought one-time (billing); from then on it is 'paid' and can no longer be revised. */
  InvoicePaidFor: eventType(
    z.object({
      invoiceId: z.string(),
      userId: z.string(),
      sessionId: z.string(),
      amount: z.number().int(),
      currency: z.string(),
    }),
  ),
  /**
   * The owner downloaded the invoice (its PDF or an e-invoice) while it could still change: from then on it may
   * have left their hands, so it is final and is corrected only by a credit note (issue 27, D-221).
   */
  InvoiceDownloaded: eventType(
    z.object({ invoiceId: z.string(), userId: z.string(), format: z.enum(['pdf', 'einvoice']) }),
  ),
} as const;

export const invoiceNumberEvents = {
  InvoiceNumberReserved: eventType(
    z.object({ userId: z.string(), number: z.string(), invoiceId: z.string() }),
  ),
} as const;

export const logoEvents = {
  /** The image bytes, base64, after their type was checked by magic bytes. At most 2 MB. */
  LogoUploaded: eventType(
    z.object({ logoId: z.string(), userId: z.string(), contentType: z.string(), base64: z.string() }),
  ),
} as const;

const settingsV1 = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  defaultDueDays: z.number().int().nullable(),
  companyEmail: z.string(),
  companyAddress: z.string(),
  companyName: z.string(),
  companyVat: z.string().nullable(),
  defaultCurrency: z.string(),
});

export const settingsEvents = {
  /**
   * v2 adds the company's e-invoice details: its structured postal address (the country chosen from a list), phone
   * and tax number (BT-32). A v1 profile's free-text address becomes address lines with the country unknown.
   */
  UserSettingsChanged: eventType(settingsV1).next(
    settingsV1.extend({
      companyPostalAddress: postalAddressSchema,
      companyPhone: z.string(),
      companyTaxNumber: z.string().nullable(),
    }),
    (v1) => ({
      ...v1,
      companyPostalAddress: addressFromText(v1.companyAddress),
      companyPhone: '',
      companyTaxNumber: null,
    }),
  ),
} as const;

/**
 * On the settings stream beside UserSettingsChanged (not a v3 of it: `PUT /settings` is the spec's profile
 * form and must not have to carry these): the reminder policy and the owner's notification toggles.
 */
export const reminderSettingsEvents = {
  ReminderSettingsChanged: eventType(
    z.object({
      userId: z.string(),
      remindersEnabled: z.boolean(),
      /** Days from the due date, ascending (-3 before, 0 on the day, 7 after). */
      reminderOffsets: z.array(z.number().int()),
      notifyOnFirstView: z.boolean(),
      notifyOnOverdue: z.boolean(),
    }),
  ),
} as const;

/**
 * On the settings stream beside the others: the owner's DATEV details (issue 32 item 1, D-263), the whole set each
 * time, written only when something differs.
 */
export const accountingSettingsEvents = {
  AccountingSettingsChanged: eventType(accountingSettingsSchema.and(z.object({ userId: z.string() }))),
} as const;

/**
 * On the settings stream beside UserSettingsChanged (as the reminders are: `PUT /settings` is the spec's form): the
 * owner's document language, what an invoice is written in unless it or its client names another (issue 30).
 */
export const documentLanguageEvents = {
  DocumentLanguageChanged: eventType(z.object({ userId: z.string(), language: z.enum(documentLanguages) })),
} as const;

export type DocumentLanguageEvent = EventOf<typeof documentLanguageEvents>;
export type InvoiceEvent = EventOf<typeof invoiceEvents>;
export type AccountingSettingsEvent = EventOf<typeof accountingSettingsEvents>;
export type ReminderSettingsEvent = EventOf<typeof reminderSettingsEvents>;
export type InvoiceNumberEvent = EventOf<typeof invoiceNumberEvents>;
export type LogoEvent = EventOf<typeof logoEvents>;
export type SettingsEvent = EventOf<typeof settingsEvents>;

export const invoiceStreamId = (invoiceId: string) => `invoice-${invoiceId}`;
export const invoiceNumberStreamId = (userId: string, number: string) => `invoice-number-${userId}-${number}`;
export const logoStreamId = (logoId: string) => `logo-${logoId}`;
export const settingsStreamId = (userId: string) => `user-settings-${userId}`;
