import { z } from 'zod';
import { invoiceMessages, MAX_QUANTITY, MAX_UNIT_PRICE } from './invoice-form-messages.js';
import { amountDecimalsMessage, readTypedAmount } from './typed-amount.js';
import { decimalString, isAboveLimit, readTypedNumber, significantDecimals } from './typed-number.js';

const m = invoiceMessages;

export type Issue = { message: string };

/** One number field: what was typed → its value, or the field's message. Never a different number. */
export function typedNumberField<T>(read: (value: unknown) => T | Issue, missing: string) {
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

/**
 * Spec §5's unit price before its currency is known: a number, at least 0, at most 1,000,000,000 → what was
 * typed, kept for the currency to read (`readUnitPrice`); the form reads it once the currency is chosen.
 */
export function readTypedUnitPrice(value: unknown): string | number | Issue {
  const read = readTypedNumber(value);
  if (read.kind === 'empty' || read.kind === 'invalid') return { message: m.unitPriceInvalid };
  if (read.negative) return { message: m.unitPriceMin };
  if (read.kind === 'number' && isAboveLimit(read, MAX_UNIT_PRICE)) return { message: m.unitPriceTooLarge };
  return typeof value === 'string' ? value.trim() : decimalString(read);
}

/** Spec §5's unit price in its currency (typed-amount.ts) → a plain decimal string ("1234.50"), or its message. */
export function readUnitPrice(value: unknown, currency: string): string | Issue {
  const typed = readTypedUnitPrice(value);
  if (typeof typed === 'object') return typed;
  const read = readTypedAmount(typed, currency);
  if (read.kind === 'too_many_decimals') return { message: amountDecimalsMessage('Unit price', read) };
  if (read.kind !== 'number') return { message: m.unitPriceInvalid };
  if (isAboveLimit(read, MAX_UNIT_PRICE)) return { message: m.unitPriceTooLarge };
  return decimalString(read);
}

/** Whether a typed price reads as zero in any currency (spec §5: "Next Step" wants more than 0). */
export function isZeroPrice(value: unknown): boolean {
  const read = readTypedNumber(value);
  return (
    (read.kind === 'number' || read.kind === 'unclear') && !/[1-9]/.test(`${read.whole}${read.fraction}`)
  );
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
