import { z } from 'zod';
import { invoiceMessages, MIN_INVOICE_DATE } from './invoice-form-messages.js';
import { normalizeTyped, stripDisallowed, withoutBidiControls } from './text-input.js';
import { EMAIL_PATTERN, PERSON_NAME_PATTERN } from './validation.js';

/* The invoice form's text and date fields (spec §5): their patterns, live sanitisers and schemas. */

// Patterns of spec §5. Newlines count as spaces in the multi-line fields (addresses, notes, terms).
const ADDRESS_PATTERN = /^[\p{L}\p{M}\p{N} \n,.-]+$/u;
const COMPANY_PATTERN = /^[\p{L}\p{M}\p{N} &'’-]+$/u;
export const CODE_PATTERN = /^[A-Z0-9-]+$/;
export const DESCRIPTION_PATTERN = /^[\p{L}\p{M}\p{N} ,.-]+$/u;
const LONG_TEXT_PATTERN = /^[\p{L}\p{M}\p{N} \n,.\-_'"();:!?&%$@#*+=]*$/u;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Live sanitisers: what the field keeps of what was typed (spec §5, "strips disallowed characters"), after
 * typographic characters became the plain ones the field allows (text-input.ts): 'Relaunch – Stunden' keeps its
 * dash as 'Relaunch - Stunden' instead of losing it, and nothing stripped leaves a double space.
 */
const keep =
  (disallowed: RegExp, cased: (value: string) => string = (value) => value) =>
  (value: string) =>
    stripDisallowed(cased(normalizeTyped(value)), disallowed);

export const sanitize = {
  personName: keep(/[^\p{L}\p{M} '’-]/gu),
  email: (value: string) => withoutBidiControls(value).replace(/\s/g, ''),
  address: keep(/[^\p{L}\p{M}\p{N} \n,.-]/gu),
  companyName: keep(/[^\p{L}\p{M}\p{N} &'’-]/gu),
  vat: keep(/[^A-Z0-9-]/g, (value) => value.toUpperCase()),
  invoiceNumber: keep(/[^A-Z0-9-]/g, (value) => value.toUpperCase()),
  description: keep(/[^\p{L}\p{M}\p{N} ,.-]/gu),
  longText: keep(/[^\p{L}\p{M}\p{N} \n,.\-_'"();:!?&%$@#*+=]/gu),
  // No sanitiser for quantity, unit price and tax rate: whatever it removed while the user types would merge
  // what is left into another number ("12,50" into 1250, "-2" into 2). They keep what was typed and the
  // schema answers a message instead.
} as const;

/** The server's first step for a text field (before its rule): the form's normalising, nothing stripped. */
const typedText = (error: string) => z.string({ error }).transform(normalizeTyped);

export function requiredText(
  required: string,
  pattern: RegExp,
  invalid: string,
  [min, max]: [number, number],
  lengthMessage: string,
) {
  return typedText(required).pipe(
    z
      .string()
      .trim()
      .min(1, { error: required, abort: true })
      .regex(pattern, { error: invalid, abort: true })
      .min(min, { error: lengthMessage, abort: true })
      .max(max, lengthMessage),
  );
}

export function email(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid, abort: true })
    .regex(EMAIL_PATTERN, invalid);
}

/** Optional VAT: empty becomes null. */
export function vat(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .transform((value) => (value ? normalizeTyped(value) : null))
    .pipe(
      z
        .string()
        .regex(CODE_PATTERN, { error: invalid, abort: true })
        .min(5, { error: invoiceMessages.vatLength, abort: true })
        .max(20, invoiceMessages.vatLength)
        .nullable(),
    );
}

export function longText(invalid: string, max: number, tooLong: string) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((value) => normalizeTyped(value ?? ''))
    .pipe(z.string().regex(LONG_TEXT_PATTERN, { error: invalid, abort: true }).max(max, tooLong));
}

export function date(required: string) {
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

export const personName = (required: string, invalid: string) =>
  requiredText(required, PERSON_NAME_PATTERN, invalid, [2, 50], invoiceMessages.nameLength);
export const address = (required: string, invalid: string) =>
  requiredText(required, ADDRESS_PATTERN, invalid, [5, 100], invoiceMessages.addressLength);
export const company = (required: string, invalid: string) =>
  requiredText(required, COMPANY_PATTERN, invalid, [2, 50], invoiceMessages.companyLength);

/** A form date that passes its own rule, or null. */
export function validDate(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return ISO_DATE.test(text) && isRealDate(text) && text >= MIN_INVOICE_DATE ? text : null;
}
