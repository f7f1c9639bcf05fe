import { z } from 'zod';
import { documentLanguages } from './i18n/languages.js';
import { invoiceSubmitSchema } from './invoice-form.js';
import { CODE_PATTERN, date } from './invoice-form-fields.js';
import { type QuoteState, quoteStates } from './quote-states.js';
import { withoutBidiControls } from './text-input.js';

/**
 * Quotes over HTTP (docs/api.md, "Quotes"). `POST /quotes` and `PUT /quotes/{id}` take the invoice payload of
 * `POST /invoices` as JSON plus `validUntil` (and the owner's `timeZone`, which decides the day it expires).
 */

export const quoteMessages = {
  validUntilRequired: 'Valid until is required',
  validUntilBeforeIssue: 'Valid until cannot be before the issue date',
  timeZoneInvalid: 'Time zone must be an IANA name such as Europe/Berlin',
  nameRequired: 'Please type your name',
  nameTooLong: 'Your name can have at most 100 characters',
  noteTooLong: 'The note can have at most 1000 characters',
  notFound: 'Quote not found',
  linkNotValid: 'This quote link is not valid',
} as const;
const m = quoteMessages;

/** Whether `zone` is a time zone this runtime knows (IANA names, 'UTC'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (yyyy-mm-dd) `moment` falls on in `timeZone`: the owner's day, not UTC's. */
export function dayIn(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(moment);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const quoteTermsSchema = z.object({
  validUntil: date(m.validUntilRequired),
  timeZone: z.string().trim().max(64).refine(isTimeZone, m.timeZoneInvalid).default('UTC'),
});

/**
 * The body of `POST /quotes` and `PUT /quotes/{id}`: both parts are read, so every field's message is said at once
 * (an intersection stops at the invoice part's first failure).
 */
export const quoteSubmitSchema = z.unknown().transform((body, context) => {
  const invoice = invoiceSubmitSchema.safeParse(body);
  const terms = quoteTermsSchema.safeParse(body);
  for (const issue of [...(invoice.error?.issues ?? []), ...(terms.error?.issues ?? [])]) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  if (!invoice.success || !terms.success) return z.NEVER;
  if (terms.data.validUntil < invoice.data.issueDate) {
    context.addIssue({ code: 'custom', path: ['validUntil'], message: m.validUntilBeforeIssue });
    return z.NEVER;
  }
  return { ...invoice.data, ...terms.data };
});
export type QuoteSubmitInput = z.input<typeof invoiceSubmitSchema> & z.input<typeof quoteTermsSchema>;
export type QuoteSubmit = z.output<typeof quoteSubmitSchema>;

/** What a customer types, without bidi controls (withoutBidiControls) or control characters but a note's line breaks. */
function cleanTyped(text: string, keepLineBreaks: boolean): string {
  let out = '';
  for (const char of withoutBidiControls(text)) {
    const code = char.codePointAt(0) ?? 0;
    const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (!isControl || (keepLineBreaks && char === '\n')) out += char;
  }
  return out.trim();
}

/** `POST /public/quotes/{token}/accept|decline`: the customer's name and an optional note. */
export const quoteResponseSchema = z.object({
  name: z
    .string({ error: m.nameRequired })
    .transform((text) => cleanTyped(text, false))
    .pipe(z.string().min(1, m.nameRequired).max(100, m.nameTooLong)),
  note: z
    .string()
    .max(5000, m.noteTooLong)
    .default('')
    .transform((text) => cleanTyped(text.replace(/\r\n?/g, '\n'), true))
    .pipe(z.string().max(1000, m.noteTooLong)),
});
export type QuoteResponseInput = z.input<typeof quoteResponseSchema>;

/** `POST /quotes/{id}/invoice`: the invoice's number (default: the payload's `invoiceNumber`). */
export const convertQuoteSchema = z.object({
  invoiceNumber: z.string().trim().regex(CODE_PATTERN).min(3).max(20).optional(),
});

export const quoteListQuerySchema = z.object({
  state: z.enum(quoteStates).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One quote in `GET /quotes` (money in minor units of `currency`). */
export const quoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(quoteStates),
  customerName: z.string(),
  customerCompanyName: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  total: z.number().int(),
  currency: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  updatedAt: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListSchema = z.object({
  quotes: z.array(quoteSummarySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type QuoteList = z.infer<typeof quoteListSchema>;

/** The customer's answer as recorded. */
export const quoteAnswerSchema = z.object({
  accepted: z.boolean(),
  name: z.string(),
  note: z.string(),
  day: z.string(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** One line of a quote's History, oldest first. */
export const quoteHistoryEntrySchema = z.object({
  at: z.string(),
  text: z.string(),
});

/** `GET /quotes/{id}`: the quote, the form that edits it, and its History. */
export const quoteDetailSchema = z.object({
  quote: quoteSummarySchema.extend({
    timeZone: z.string(),
    subtotal: z.number().int(),
    tax: z.number().int(),
    customerEmail: z.string(),
    items: z.array(
      z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() }),
    ),
    answer: quoteAnswerSchema.nullable(),
    shared: z.boolean(),
  }),
  form: z.record(z.string(), z.unknown()),
  history: z.array(quoteHistoryEntrySchema),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/** `POST /quotes/{id}/share`: the page's link, shown once (only its hash is kept). */
export const quoteShareAnswerSchema = z.object({ url: z.string() });

/** `GET /public/quotes/{token}`: what the customer page shows, nothing else of the owner's account. */
export const publicQuoteViewSchema = z.object({
  number: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  state: z.enum(quoteStates),
  currency: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  seller: z.object({ name: z.string(), companyName: z.string(), email: z.string(), address: z.string() }),
  customer: z.object({ name: z.string(), companyName: z.string(), email: z.string(), address: z.string() }),
  items: z.array(
    z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() }),
  ),
  notes: z.string(),
  terms: z.string(),
  answer: quoteAnswerSchema.nullable(),
  /** The quote's document language (issue 30): the page speaks it to the customer. */
  language: z.enum(documentLanguages),
});
export type PublicQuoteView = z.infer<typeof publicQuoteViewSchema>;

/**
 * Why a quote can no longer be changed or deleted, or null while it can (Draft, Sent, Expired: an expired quote is
 * revived by a later valid-until, D-281): said the same by the server's refusal and the wizard opened to edit it.
 */
export function quoteLockedMessage(quote: {
  number: string;
  answer: { accepted: boolean; name: string; day: string } | null;
  invoiceNumber: string | null;
}): string | null {
  const { number, answer, invoiceNumber } = quote;
  if (invoiceNumber !== null)
    return `Quote ${number} was converted to invoice ${invoiceNumber} and can no longer be changed. Edit the invoice instead.`;
  if (answer?.accepted)
    return `Quote ${number} was accepted by ${answer.name} on ${answer.day} and can no longer be changed. Convert it to an invoice, or make a new quote.`;
  if (answer)
    return `Quote ${number} was declined on ${answer.day} and can no longer be changed. Make a new quote instead.`;
  return null;
}

/** What a quote's state is read from: its events' facts and the owner's day. */
export interface QuoteFacts {
  sent: boolean;
  answer: { accepted: boolean } | null;
  invoiced: boolean;
  validUntil: string;
  timeZone: string;
}

/**
 * The state a quote reads as at `moment`: Invoiced, then the customer's answer, then Expired once `validUntil` (the
 * last day it may be accepted) has passed in the owner's day while it waits for an answer, then Sent or Draft.
 */
export function quoteStateOf(quote: QuoteFacts, moment: Date): QuoteState {
  if (quote.invoiced) return 'Invoiced';
  if (quote.answer) return quote.answer.accepted ? 'Accepted' : 'Declined';
  if (!quote.sent) return 'Draft';
  return isQuoteExpired(quote, moment) ? 'Expired' : 'Sent';
}

/** Whether the owner's day at `moment` is after `validUntil`. */
export const isQuoteExpired = (quote: Pick<QuoteFacts, 'validUntil' | 'timeZone'>, moment: Date) =>
  dayIn(moment, quote.timeZone) > quote.validUntil;
