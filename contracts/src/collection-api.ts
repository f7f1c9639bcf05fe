import { z } from 'zod';
import { type CollectionStatus, collectionStatuses } from './collection-status.js';
import { type PaymentMethodKind, paymentMethodKinds, paymentSources } from './events/collection.js';
import { invoiceCollectionViewSchema } from './invoice-list.js';
import { decimalString, readTypedNumber } from './typed-number.js';
import { EMAIL_PATTERN } from './validation.js';

/**
 * Requests and answers of getting paid (docs/api.md, "Payments"): record a payment, reverse one, void an
 * invoice. Amounts arrive as typed (`90.36`, `"90,36"`) and are read exactly; money in answers is minor
 * units of the invoice's currency.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};

export const collectionMessages = {
  amountInvalid: 'The amount must be a number, like 90.36',
  amountNegative: 'The amount must be more than zero',
  dateInvalid: 'The date must be a real date (YYYY-MM-DD)',
  reasonRequired: 'Say why',
} as const;

/**
 * A typed amount as typed (`"42,125"`; a JSON number as JavaScript prints it), or null for the whole balance.
 * What it means depends on the invoice's currency, which the request does not carry: `paymentAmountIn` reads
 * it there, in the form before sending and in the decision on the server.
 */
const typedAmount = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const read = readTypedNumber(value);
    if ((read.kind !== 'number' && read.kind !== 'unclear') || read.whole.length > 16) {
      ctx.addIssue({ code: 'custom', message: collectionMessages.amountInvalid });
      return z.NEVER;
    }
    if (read.negative) {
      ctx.addIssue({ code: 'custom', message: collectionMessages.amountNegative });
      return z.NEVER;
    }
    return typeof value === 'string' ? value.trim() : decimalString(read);
  });

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

export const recordPaymentSchema = z.object({
  /** Omitted or empty: the whole balance ('Mark as paid'). */
  amount: typedAmount,
  /** The day the customer paid; omitted: today (UTC). */
  date: z
    .string()
    .trim()
    .regex(ISO_DATE, collectionMessages.dateInvalid)
    .refine(isRealDate, collectionMessages.dateInvalid)
    .optional(),
  method: z.enum(paymentMethodKinds).default('bank_transfer'),
  reference: text(200),
  note: text(1000),
});

/** How a payment was made, as the forms and lists name it. */
export const paymentMethodKindLabels: Record<PaymentMethodKind, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  digital: 'Digital',
  other: 'Other',
  sepa_debit: 'SEPA Direct Debit',
};
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const reversePaymentSchema = z.object({ reason: text(500) });

export const voidInvoiceSchema = z.object({
  reason: z.string().trim().min(1, collectionMessages.reasonRequired).max(500, 'At most 500 characters'),
});

/** One recorded payment, as the owner sees it. */
export const paymentViewSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  date: z.string(),
  method: z.enum(paymentMethodKinds),
  reference: z.string(),
  note: z.string(),
  // Issue 31's fields default, so an answer cached by an older version still reads.
  /** Who recorded it: the owner, a provider's checkout (`stripe`, `sandbox`) or a bank statement (`bank`). */
  source: z.enum(paymentSources).default('owner'),
  /** What the provider kept of it (minor units); 0 when none. */
  fee: z.number().int().nonnegative().default(0),
  /** Nothing of it stands. */
  reversed: z.boolean(),
  /** What of it was taken back (part of it after a provider's partial refund; all of it once reversed). */
  reversedAmount: z.number().int().nonnegative().default(0),
  /** Why it was last taken back (or restored); null when never. */
  reversalReason: z.string().nullable().default(null),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** What a collection command answers: where the invoice stands after it. */
export const collectionAnswerSchema = z.object({
  invoiceId: z.string(),
  total: z.number().int(),
  currency: z.string(),
  amountPaid: z.number().int(),
  balance: z.number().int(),
  voided: z.boolean(),
  settled: z.boolean(),
  /** The payment this command recorded or reversed, when it did. */
  paymentId: z.string().nullable(),
  position: z.string().optional(),
});
export type CollectionAnswer = z.infer<typeof collectionAnswerSchema>;

export {
  type CollectionFigures,
  type CollectionStatus,
  collectionStatuses,
  collectionStatusLabels,
  collectionStatusOf,
  owedAndKept,
} from './collection-status.js';

/** `GET /invoices?status=`: a collection status (any case; 'Partially paid' too), or empty for all. */
export const collectionStatusFilterSchema = z
  .string()
  .trim()
  .max(20)
  .optional()
  .default('')
  .transform((value, ctx) => {
    if (value === '') return null;
    const code = value.toLowerCase().replace(/[\s-]+/g, '_');
    if ((collectionStatuses as readonly string[]).includes(code)) return code as CollectionStatus;
    ctx.addIssue({ code: 'custom', message: `status must be one of ${collectionStatuses.join(', ')}` });
    return z.NEVER;
  });

/** `GET /invoices/{id}`'s `Collection`: the figures, the void and every payment (reversed ones too). */
export const invoiceCollectionDetailsSchema = invoiceCollectionViewSchema.extend({
  VoidReason: z.string().nullable(),
  Payments: z.array(paymentViewSchema),
  /** Whether a customer page link is active (the link itself is shown only when made). */
  Shared: z.boolean().default(false),
  /** Whether the owner's automatic reminders may go to this invoice's customer (not opted out). */
  RemindersEnabled: z.boolean().default(true),
  /**
   * The subject and message the send mail has when the dialog's are left empty, in the invoice's language
   * (D-341): the dialog shows them as its placeholders. Optional so a page cached by an older version still reads.
   */
  Mail: z.object({ subject: z.string(), message: z.string() }).optional(),
});
export type InvoiceCollectionDetails = z.infer<typeof invoiceCollectionDetailsSchema>;

const emailList = (field: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      const list = (Array.isArray(value) ? value : (value ?? '').split(/[,;]/))
        .map((address) => address.trim())
        .filter(Boolean);
      const bad = list.find((address) => !EMAIL_PATTERN.test(address) || address.length > 254);
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${bad} is not an e-mail address` });
        return z.NEVER;
      }
      if (list.length > 10) {
        ctx.addIssue({ code: 'custom', message: `At most 10 addresses in ${field}` });
        return z.NEVER;
      }
      return [...new Set(list.map((address) => address.toLowerCase()))];
    });

/** `POST /invoices/{id}/send`: each part optional; the defaults come from the invoice. */
export const sendInvoiceSchema = z.object({
  /** Empty: the invoice's customer e-mail. A string may list several, separated by commas. */
  to: emailList('to'),
  cc: emailList('cc'),
  /** Empty: "Invoice {number} from {seller}". */
  subject: z.string().trim().max(200, 'At most 200 characters').default(''),
  message: z.string().trim().max(5000, 'At most 5000 characters').default(''),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;

export const sendInvoiceAnswerSchema = z.object({
  sendId: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  position: z.string().optional(),
});
export type SendInvoiceAnswer = z.infer<typeof sendInvoiceAnswerSchema>;
