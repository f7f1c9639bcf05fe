import { z } from 'zod';
import { DEFAULT_UNIT } from './einvoice/codes.js';
import { lineUnitSchema, lineVatInputSchema } from './einvoice/details.js';
import { formatQuantity, readMeasuredQuantity, wholeQuantity } from './einvoice/quantity.js';
import { DESCRIPTION_PATTERN, requiredText } from './invoice-form-fields.js';
import { invoiceMessages } from './invoice-form-messages.js';
import { readQuantity, readTypedUnitPrice, typedNumberField } from './invoice-form-numbers.js';

const m = invoiceMessages;

// Read by the invoice's currency once it is known (invoice-form-rules.ts, `withPricesInCurrency`).
const unitPrice = typedNumberField(readTypedUnitPrice, m.unitPriceInvalid);

const itemShape = {
  description: requiredText(
    invoiceMessages.descriptionRequired,
    DESCRIPTION_PATTERN,
    invoiceMessages.descriptionInvalid,
    [3, 100],
    invoiceMessages.descriptionLength,
  ),
  quantity: z.union([z.number(), z.string()], { error: m.quantityMin }),
  unitPrice,
  /** UN/ECE Rec 20 (E-invoice details); absent means pieces (C62), the spec's whole-number unit. */
  unit: lineUnitSchema.optional(),
  /** This line's VAT where it differs from the invoice's (E-invoice details). */
  vat: lineVatInputSchema.nullish(),
};

/**
 * The quantity by its unit, read from the raw item so its message shows at once: pieces keep the spec's rule
 * (at least 1, a whole number); any other unit takes up to 4 decimals (1.5 hours). Ten-thousandths either way.
 */
const itemQuantity = z.unknown().transform((input, ctx) => {
  const item = (typeof input === 'object' && input !== null ? input : {}) as {
    quantity?: unknown;
    unit?: unknown;
  };
  const measured = typeof item.unit === 'string' && item.unit !== DEFAULT_UNIT;
  const read = measured ? readMeasuredQuantity(item.quantity) : readQuantity(item.quantity);
  if (typeof read !== 'number') {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: read.message });
    return { quantityUnits: 0 };
  }
  return { quantityUnits: measured ? read : wholeQuantity(read) };
});

/**
 * One line of the form. `quantity` is what the spec names (a whole count of pieces; for another unit the decimal
 * it was typed as, for display only), `quantityUnits` the exact ten-thousandths every amount is computed from.
 */
export const invoiceItemFormSchema = z
  .intersection(z.object(itemShape), itemQuantity)
  .transform(({ quantity: _typed, quantityUnits, unit, vat, ...item }) => ({
    ...item,
    quantity: Number(formatQuantity(quantityUnits)),
    quantityUnits,
    unit: unit ?? DEFAULT_UNIT,
    vat: vat ?? null,
  }));
export type InvoiceItemForm = z.input<typeof invoiceItemFormSchema>;
