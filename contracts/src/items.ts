import { z } from 'zod';
import { hasControlCharacters, vatCategorySchema, vatRatePercent } from './clients.js';
import { currencyCodes } from './currencies.js';
import { unitCodes } from './einvoice/codes.js';
import { toMinorUnits } from './money.js';
import { amountDecimalsMessage, readTypedAmount } from './typed-amount.js';

/**
 * The catalogue (issue 29): the services and goods a freelancer bills. The price is typed as a decimal
 * ('85', '7,50') and read with its currency's decimals (`readTypedAmount`), then kept as integer minor units:
 * '1.234' is refused in EUR and read as 1.234 in KWD, never rounded.
 */
export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 1000;
/** A service is billed by the hour unless it says otherwise. */
export const DEFAULT_ITEM_UNIT = 'HUR' as const;

export const itemMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name cannot exceed 100 characters',
  descriptionTooLong: 'Description cannot exceed 1000 characters',
  controlCharacters: 'This field cannot contain control characters',
  unitInvalid: 'Please choose a unit from the list',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a number such as 85 or 85.50',
  priceNegative: 'Price must be greater than or equal to 0',
  priceTooLarge: 'Price is too large',
  currencyRequired: 'Please select a currency',
  versionRequired: 'The version of the item you edited is missing; reload the item and edit again',
  notFound: 'Item not found',
  changedElsewhere:
    'This item was changed in another tab or on another device since you opened it. Reload to see the changes, then edit again.',
  archived: 'This item was deleted and can no longer be edited',
} as const;

const m = itemMessages;
const PRICE_MAX_MINOR = 1_000_000_000_00;

const text = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value, true), m.controlCharacters);

/** The dialog's, the import's and the API's body: the price as typed, read by the currency's decimals. */
export const itemFormSchema = z
  .object({
    name: text(ITEM_NAME_MAX, m.nameTooLong).pipe(z.string().min(1, m.nameRequired)),
    description: text(ITEM_DESCRIPTION_MAX, m.descriptionTooLong)
      .nullish()
      .transform((value) => value ?? ''),
    unit: z
      .enum(unitCodes, { error: m.unitInvalid })
      .optional()
      .default(DEFAULT_ITEM_UNIT as (typeof unitCodes)[number]),
    price: z.union([z.string(), z.number()], { error: m.priceRequired }),
    currency: z.enum(currencyCodes, { error: m.currencyRequired }),
    vatCategory: vatCategorySchema,
    vatRate: vatRatePercent,
  })
  .transform((value, ctx) => {
    const read = readTypedAmount(String(value.price), value.currency);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['price'], message });
      return z.NEVER;
    };
    if (read.kind === 'empty') return fail(m.priceRequired);
    if (read.kind === 'too_many_decimals') return fail(amountDecimalsMessage('Price', read));
    if (read.kind !== 'number') return fail(m.priceInvalid);
    if (read.negative) return fail(m.priceNegative);
    const decimal = `${read.whole}${read.fraction ? `.${read.fraction}` : ''}`;
    if (read.whole.length > 13) return fail(m.priceTooLarge);
    const priceMinor = toMinorUnits(decimal, value.currency);
    if (priceMinor > PRICE_MAX_MINOR) return fail(m.priceTooLarge);
    const { price: _typed, ...rest } = value;
    return { ...rest, priceMinor };
  });
export type ItemFormInput = z.input<typeof itemFormSchema>;
/** An item's details as its events carry them. */
export type ItemDetails = z.output<typeof itemFormSchema>;

export const itemUpdateSchema = z.object({
  item: itemFormSchema,
  version: z.number({ error: m.versionRequired }).int(m.versionRequired).min(1, m.versionRequired),
});

/** An item as the API answers it; `price` is the decimal in the currency's own digits ('85.00'). */
export const itemSchema = z.object({
  id: z.string(),
  version: z.number(),
  name: z.string(),
  description: z.string(),
  unit: z.enum(unitCodes),
  price: z.string(),
  priceMinor: z.number(),
  currency: z.string(),
  vatCategory: z.string().nullable(),
  vatRate: z.number().nullable(),
});
export type Item = z.infer<typeof itemSchema>;

export const itemsQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search can have at most 100 characters').optional().default(''),
});
export const itemsAnswerSchema = z.object({ items: z.array(itemSchema) });
export type ItemsAnswer = z.infer<typeof itemsAnswerSchema>;
export const itemAnswerSchema = z.object({ item: itemSchema, position: z.string().optional() });
export type ItemAnswer = z.infer<typeof itemAnswerSchema>;

/** `POST /items/import`: the rows the preview will create, all or nothing (D-187). */
export const itemImportSchema = z.object({
  items: z
    .array(itemFormSchema, { error: 'Nothing to import' })
    .min(1, 'Nothing to import')
    .max(10_000, 'At most 10,000 rows can be imported at once'),
});
export type ItemImportInput = z.input<typeof itemImportSchema>;
