/**
 * Line quantities are exact decimals with up to 4 places, stored as an integer count of ten-thousandths: 1.5 hours
 * is 15000, 3 pieces is 30000. No float ever holds a quantity, so 0.1 + 0.2 hours is 3000 ten-thousandths, and a
 * line's net amount (quantity × price) is computed with integers (totals.ts).
 */
export const QUANTITY_SCALE = 10_000;
export const QUANTITY_DECIMALS = 4;

/** The largest quantity an invoice line takes (matches the form's 7-digit whole-number limit). */
export const MAX_QUANTITY_UNITS = 9_999_999 * QUANTITY_SCALE;

export class QuantityError extends RangeError {
  override name = 'QuantityError';
}

const QUANTITY_PATTERN = /^(\d{1,7})(?:\.(\d{1,4}))?$/;

/** "1.5" → 15000, "12" → 120000; refuses more than 4 decimals, signs, exponents and separators. */
export function parseQuantity(text: string): number {
  const match = QUANTITY_PATTERN.exec(text.trim());
  if (!match) throw new QuantityError(`Not a quantity with at most 4 decimals: "${text}"`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(QUANTITY_DECIMALS, '0'));
  return whole * QUANTITY_SCALE + fraction;
}

/** A whole number of units (today's form, and every invoice written before units) in ten-thousandths. */
export function wholeQuantity(count: number): number {
  if (!Number.isSafeInteger(count)) throw new QuantityError(`Not a whole quantity: ${count}`);
  return count * QUANTITY_SCALE;
}

/** 15000 → "1.5", 30000 → "3", 12345 → "1.2345": the shortest exact decimal, as XML and the PDF print it. */
export function formatQuantity(units: number): string {
  if (!Number.isSafeInteger(units)) throw new QuantityError(`Not a quantity: ${units}`);
  const sign = units < 0 ? '-' : '';
  const magnitude = Math.abs(units);
  const whole = Math.trunc(magnitude / QUANTITY_SCALE);
  const fraction = String(magnitude % QUANTITY_SCALE)
    .padStart(QUANTITY_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

export const measuredQuantityMessages = {
  min: 'Quantity must be greater than 0',
  decimals: 'Quantity can have at most 4 decimals',
  tooLarge: 'Quantity cannot exceed 1,000,000',
  unclear: 'Quantity is unclear: type it with a decimal point, such as 1.5',
} as const;

/**
 * A quantity in a unit other than pieces (1.5 hours), as typed: a number or text with a decimal point or comma, more
 * than 0, at most 4 decimals and 1,000,000 → ten-thousandths; or the message to show. Pieces keep the spec's
 * whole-number rule (invoice-form-numbers.ts `readQuantity`).
 */
export function readMeasuredQuantity(value: unknown): number | { message: string } {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '');
  const typed = text.trim().replace(',', '.');
  if (typed === '') return { message: measuredQuantityMessages.min };
  if (/^-/.test(typed)) return { message: measuredQuantityMessages.min };
  if (/^\d+\.\d{5,}$/.test(typed)) return { message: measuredQuantityMessages.decimals };
  if (!/^\d+(\.\d{1,4})?$/.test(typed)) return { message: measuredQuantityMessages.unclear };
  const [whole = '0'] = typed.split('.');
  if (
    whole.replace(/^0+/, '').length > 7 ||
    Number(whole) > 1_000_000 ||
    (Number(whole) === 1_000_000 && /\.\d*[1-9]/.test(typed))
  )
    return { message: measuredQuantityMessages.tooLarge };
  const units = parseQuantity(typed.replace(/^0+(?=\d)/, ''));
  if (units <= 0) return { message: measuredQuantityMessages.min };
  return units;
}
