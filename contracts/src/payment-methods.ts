import { z } from 'zod';

/**
 * Payment methods (spec §2 Profile, §3 Payment method, §5 Payment method form; docs/api.md). The form schema
 * is shared by the profile page's modal and the command side (`POST /settings/payment-methods`,
 * `PUT /settings/payment-methods/{id}`), so the two cannot drift.
 */
export const paymentMethodTypes = ['bank_transfer', 'digital'] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

/** As the API answers it; every text is '' when unset. IBAN is upper case without spaces. */
export const paymentMethodSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Type: z.enum(paymentMethodTypes),
  IsDefault: z.boolean(),
  IsActive: z.boolean(),
  BankName: z.string(),
  AccountNumber: z.string(),
  IBAN: z.string(),
  SWIFT: z.string(),
  PaymentLink: z.string(),
  Instructions: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const PAYMENT_METHOD_NAME_MAX = 100;
export const BANK_NAME_MAX = 100;
export const ACCOUNT_NUMBER_MAX = 34;
export const PAYMENT_LINK_MAX = 2000;
export const INSTRUCTIONS_MAX = 500;

/** Spec §5 says only that name and type are required; the other messages are ours. */
export const paymentMethodMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name cannot exceed 100 characters',
  typeRequired: 'Type is required',
  bankNameTooLong: 'Bank name cannot exceed 100 characters',
  accountNumberTooLong: 'Account number cannot exceed 34 characters',
  ibanFormat:
    'IBAN must start with a two-letter country code and two check digits, followed by up to 30 letters or digits',
  ibanChecksum: 'IBAN is not valid: its check digits do not match. Please check the number',
  swiftInvalid:
    'SWIFT/BIC must be 8 or 11 characters: a 4-letter bank code, a 2-letter country code, a 2-character location and an optional 3-character branch',
  paymentLinkInvalid: 'Payment link must be a valid URL starting with https://',
  paymentLinkTooLong: 'Payment link cannot exceed 2000 characters',
  instructionsTooLong: 'Instructions cannot exceed 500 characters',
  // Command-side rules (answered as 400 with `fields`).
  notFound: 'Payment method not found',
  disabledDefault: 'A disabled payment method cannot be the default',
  disabledOnInvoice: 'This payment method is disabled; choose another one',
  unknownOnInvoice: 'Payment method not found; choose another one',
} as const;

const m = paymentMethodMessages;

/** Removes spaces and upper-cases: how an IBAN or a SWIFT/BIC is stored. */
export function compactCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;

/** ISO 13616: move the first four characters to the end, letters become 10..35, the number mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = compactCode(value);
  if (!IBAN_SHAPE.test(iban) || iban.length < 15) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ISO 9362: bank code (4 letters), country (2 letters), location (2), optional branch (3). */
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function isValidSwift(value: string): boolean {
  return SWIFT_PATTERN.test(compactCode(value));
}

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00", as the invoice prints it. */
export function groupIban(iban: string): string {
  return compactCode(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value ?? '');

/**
 * The modal's body (camelCase). Bank fields count only for `bank_transfer`, link and instructions only for
 * `digital` (the modal shows only those): the others are checked for length only and come out as ''.
 */
export const paymentMethodFormSchema = z
  .object({
    name: z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, { error: m.nameRequired, abort: true })
      .max(PAYMENT_METHOD_NAME_MAX, m.nameTooLong),
    type: z.enum(paymentMethodTypes, { error: m.typeRequired }),
    isDefault: z.boolean().optional(),
    bankName: optionalText(BANK_NAME_MAX, m.bankNameTooLong),
    accountNumber: optionalText(ACCOUNT_NUMBER_MAX, m.accountNumberTooLong),
    iban: optionalText(50, m.ibanFormat).transform(compactCode),
    swift: optionalText(20, m.swiftInvalid).transform(compactCode),
    paymentLink: optionalText(PAYMENT_LINK_MAX, m.paymentLinkTooLong),
    instructions: optionalText(INSTRUCTIONS_MAX, m.instructionsTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'bank_transfer') {
      if (value.iban !== '') {
        if (!IBAN_SHAPE.test(value.iban) || value.iban.length < 15) {
          ctx.addIssue({ code: 'custom', path: ['iban'], message: m.ibanFormat });
        } else if (!isValidIban(value.iban)) {
          ctx.addIssue({ code: 'custom', path: ['iban'], message: m.ibanChecksum });
        }
      }
      if (value.swift !== '' && !SWIFT_PATTERN.test(value.swift)) {
        ctx.addIssue({ code: 'custom', path: ['swift'], message: m.swiftInvalid });
      }
    } else if (value.type === 'digital') {
      if (value.paymentLink !== '' && !isHttpsUrl(value.paymentLink)) {
        ctx.addIssue({ code: 'custom', path: ['paymentLink'], message: m.paymentLinkInvalid });
      }
    }
  })
  .transform((value) =>
    value.type === 'bank_transfer'
      ? { ...value, paymentLink: '', instructions: '' }
      : { ...value, bankName: '', accountNumber: '', iban: '', swift: '' },
  );
export type PaymentMethodFormInput = z.input<typeof paymentMethodFormSchema>;
export type PaymentMethodForm = z.output<typeof paymentMethodFormSchema>;

/** `GET /settings/payment-methods`: the default first, then oldest first. */
export const paymentMethodsAnswerSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
export type PaymentMethodsAnswer = z.infer<typeof paymentMethodsAnswerSchema>;

/**
 * `POST /settings/payment-methods` (201), `PUT /settings/payment-methods/{id}` and `…/{id}/toggle`.
 * `position` is absent when the command changed nothing (an unchanged edit writes no event).
 */
export const paymentMethodAnswerSchema = z.object({
  paymentMethod: paymentMethodSchema,
  position: z.string().optional(),
});
export type PaymentMethodAnswer = z.infer<typeof paymentMethodAnswerSchema>;
