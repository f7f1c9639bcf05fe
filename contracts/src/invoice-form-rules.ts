import { z } from 'zod';
import { currencyByCode } from './currencies.js';
import { validDate } from './invoice-form-fields.js';
import { invoiceMessages } from './invoice-form-messages.js';
import { readQuantity, readTaxRate, readTypedUnitPrice, readUnitPrice } from './invoice-form-numbers.js';
import { exactTotal, limitInMinorUnits, MONEY_LIMITS, toMinorUnitsExact } from './money.js';

const m = invoiceMessages;

/** Rules across fields, read from the input, each only once the fields it reads are valid on their own. */
function checkAcrossFields(input: unknown, ctx: z.RefinementCtx): void {
  if (typeof input !== 'object' || input === null) return;
  const form = input as { issueDate?: unknown; dueDate?: unknown; currency?: unknown; items?: unknown };
  const issueDate = validDate(form.issueDate);
  const dueDate = validDate(form.dueDate);
  if (issueDate && dueDate && dueDate < issueDate) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m.dueDateBeforeIssue });
  }
  const currency = typeof form.currency === 'string' ? currencyByCode(form.currency.trim()) : undefined;
  if (!currency || !Array.isArray(form.items)) return;
  const lines: { quantity: bigint; unitPrice: bigint }[] = [];
  form.items.forEach((item: unknown, index) => {
    const fields = item as { unitPrice?: unknown; quantity?: unknown } | null;
    // The field says its own message; here, only what the currency adds (its decimals).
    if (typeof readTypedUnitPrice(fields?.unitPrice) === 'object') return;
    const price = readUnitPrice(fields?.unitPrice, currency.value);
    if (typeof price === 'object') {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'unitPrice'], message: price.message });
      return;
    }
    const quantity = readQuantity(fields?.quantity);
    if (typeof price === 'string' && typeof quantity === 'number') {
      lines.push({ quantity: BigInt(quantity), unitPrice: toMinorUnitsExact(price, currency.value) });
    }
  });
  // Each line may be within its bounds while the whole is not: the total has a bound of its own (money.ts).
  const rate = readTaxRate((input as { taxRate?: unknown }).taxRate ?? '');
  if (lines.length !== form.items.length || typeof rate !== 'string') return;
  const total = exactTotal(lines, rate === '' ? 0n : toMinorUnitsExact(rate, 'USD'));
  if (total > limitInMinorUnits(MONEY_LIMITS.invoiceTotal, currency.value)) {
    ctx.addIssue({ code: 'custom', path: ['items'], message: m.totalTooLarge });
  }
}

/**
 * The form's object schema with the rules across fields beside it. Zod runs an object's own refinements
 * only when every field is valid; beside it (an intersection with a check of the raw input that outputs
 * nothing), they run at once, so the due-date message shows while other required fields are still empty.
 */
export function withCrossFieldRules<S extends z.ZodType<object>>(schema: S) {
  const acrossFields = z.unknown().transform((input, ctx) => {
    checkAcrossFields(input, ctx);
    return {};
  });
  return z.intersection(schema, acrossFields);
}

type PricedItem<I> = Omit<I, 'unitPrice'> & { unitPrice: string };

/**
 * The valid form with each unit price read in the invoice's currency (typed-amount.ts): a plain decimal
 * string, as `invoiceAmounts` takes it. Runs only on a valid form, so every price reads.
 */
export function withPricesInCurrency<
  T extends { currency: string; items: Array<{ unitPrice: string | number }> },
>(form: T): Omit<T, 'items'> & { items: Array<PricedItem<T['items'][number]>> } {
  const items = form.items.map((item) => {
    const price = readUnitPrice(item.unitPrice, form.currency);
    return { ...item, unitPrice: typeof price === 'string' ? price : String(item.unitPrice) };
  });
  return { ...form, items: items as Array<PricedItem<T['items'][number]>> };
}
