import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { invoiceMessages, MAX_QUANTITY, MAX_UNIT_PRICE } from './invoice-form-messages.js';
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

/** Spec §5: numeric, at least 0 → a plain decimal string ("1234.50"); at most 1,000,000,000. */
export function readUnitPrice(value: unknown): string | Issue {
  const read = readTypedNumber(value);
  if (read.kind === 'unclear') return { message: m.unitPriceUnclear };
  if (read.kind !== 'number') return { message: m.unitPriceInvalid };
  if (read.negative) return { message: m.unitPriceMin };
  if (isAboveLimit(read, MAX_UNIT_PRICE)) return { message: m.unitPriceTooLarge };
  return decimalString(read);
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

/** The most decimals a price may have in a currency; more would be rounded away, so they are refused. */
export function unitPriceDecimalsMessage(currencyCode: string): string {
  const currency = currencyByCode(currencyCode);
  if (!currency) return m.unitPriceInvalid;
  return currency.decimals === 0
    ? `Unit price cannot have decimals in ${currency.value}`
    : `Unit price can have at most ${currency.decimals} decimals in ${currency.value}`;
}
