import { DEFAULT_ITEM_UNIT, type Item, type ItemFormInput, itemFormSchema, units } from '@remit/contracts';
import { z } from 'zod';
import { createFormMachine } from '../forms/formMachine';
import { clientOptions } from './clientForm';

/** The catalogue dialog's inputs as text, checked by the contracts' `itemFormSchema` (the API's own). */
const dialogInputs = z.object({
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  price: z.string(),
  currency: z.string(),
  vatCategory: z.string(),
  vatRate: z.string(),
});
export type ItemFormValues = z.infer<typeof dialogInputs>;

export const toItemInput = (values: ItemFormValues): ItemFormInput => ({
  ...values,
  unit: values.unit as ItemFormInput['unit'],
  currency: values.currency,
  vatCategory: values.vatCategory as ItemFormInput['vatCategory'],
});

export const itemDialogSchema = dialogInputs.transform((values, ctx): ItemFormInput => {
  const input = toItemInput(values);
  const parsed = itemFormSchema.safeParse(input);
  if (parsed.success) return input;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
  }
  return z.NEVER;
});

export function toItemFormValues(item: Item | null, currency = 'EUR'): ItemFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    unit: item?.unit ?? DEFAULT_ITEM_UNIT,
    price: item?.price ?? '',
    currency: item?.currency ?? currency,
    vatCategory: item?.vatCategory ?? '',
    vatRate: item?.vatRate === null || !item ? '' : String(item.vatRate / 100),
  };
}

export const itemFormMachine = createFormMachine({
  id: 'item',
  schema: itemDialogSchema,
  initialValues: toItemFormValues(null),
  defaultError: 'Failed to save the item. Please try again.',
});

export const unitLabel = (code: string) => units.find((unit) => unit.code === code)?.label ?? code;

export const itemOptions = {
  units: units.map((unit) => ({ value: unit.code, label: `${unit.label} (${unit.code})` })),
  currencies: clientOptions.currencies.slice(1),
  vatCategories: clientOptions.vatCategories,
};
