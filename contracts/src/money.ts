import { type Currency, requireCurrency } from './currencies.js';

/**
 * An amount of money: an integer count of the currency's minor units (cents, fils, yen) and its ISO code.
 * Amounts stay safe integers (|amount| ≤ Number.MAX_SAFE_INTEGER); anything that would leave that range is
 * refused rather than silently losing precision. Intermediate products use BigInt for the same reason.
 */
export interface Money {
  readonly amount: number;
  readonly currency: string;
}

export interface InvoiceTotals {
  lines: Money[];
  subtotal: Money;
  tax: Money;
  total: Money;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const BASIS_POINTS_PER_UNIT = 10_000n;

export class MoneyError extends RangeError {
  override name = 'MoneyError';
}

export function money(amount: number, currency: string): Money {
  assertSafeInteger(amount, 'amount');
  return { amount, currency: requireCurrency(currency).value };
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return { amount: toSafeNumber(BigInt(a.amount) + BigInt(b.amount)), currency: a.currency };
}

export function sumMoney(amounts: readonly Money[], currency: string): Money {
  return amounts.reduce(addMoney, money(0, currency));
}

/**
 * Parses a decimal string ("1234.5", "-0.125", "12") into minor units without floating point. Digits beyond
 * the currency's decimals are rounded half away from zero (KWD keeps 3, EUR 2, JPY none: "0.5" JPY is 1),
 * the same rule the totals use. Thousands separators, exponents and empty strings are refused.
 */
export function toMinorUnits(decimal: string, currency: string): number {
  return toSafeNumber(toMinorUnitsExact(decimal, currency));
}

/**
 * `toMinorUnits` without the safe-integer limit, as a bigint: how to compare a typed amount with a bound
 * before converting it (an amount past the range is the client's mistake to be told about, not an error).
 */
export function toMinorUnitsExact(decimal: string, currency: string): bigint {
  const { decimals } = requireCurrency(currency);
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(decimal.trim());
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) throw new MoneyError(`Not a decimal amount: "${decimal}"`);
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  let units = BigInt(`${whole || '0'}${kept}`);
  const firstDropped = fraction.charAt(decimals);
  if (firstDropped !== '' && firstDropped >= '5') units += 1n;
  return match[1] === '-' ? -units : units;
}

/**
 * The documented bounds of an invoice's money (docs/api.md), in major units of its currency: what any
 * currency's minor units keep exactly as safe integers, tax included (10^12 KWD is 10^15 fils).
 */
export const MONEY_LIMITS = {
  /** Per unit of an item. */
  unitPrice: 1_000_000_000n,
  /** Subtotal plus tax. */
  invoiceTotal: 1_000_000_000_000n,
} as const;

/** A bound of MONEY_LIMITS in the currency's minor units. */
export function limitInMinorUnits(majorUnits: bigint, currency: string): bigint {
  return majorUnits * 10n ** BigInt(requireCurrency(currency).decimals);
}

/**
 * The total (subtotal plus tax, each line exact, tax rounded half away from zero once) as `computeTotals`
 * works it out, in bigint: never out of range, for checking the bound before computing for real.
 */
export function exactTotal(
  items: ReadonlyArray<{ quantity: bigint; unitPrice: bigint }>,
  taxRateBasisPoints: bigint,
): bigint {
  const subtotal = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0n);
  const product = subtotal * taxRateBasisPoints;
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + BASIS_POINTS_PER_UNIT) / (BASIS_POINTS_PER_UNIT * 2n);
  return subtotal + (product < 0n ? -rounded : rounded);
}

/** The amount as a plain decimal string with the currency's decimals: 123456 EUR → "1234.56". */
export function toDecimalString(value: Money): string {
  const { decimals } = requireCurrency(value.currency);
  const digits = Math.abs(value.amount)
    .toString()
    .padStart(decimals + 1, '0');
  const sign = value.amount < 0 ? '-' : '';
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Formats with the locale's grouping and the currency's own symbol and decimals: "$1,234.50", "KD 12.345",
 * "¥1,200", and in de-DE "1.234,50 €". Intl lays the number out from the exact decimal string (never a float).
 */
export function formatMoney(value: Money, locale = 'en-US'): string {
  const currency = requireCurrency(value.currency);
  const parts = formatterFor(locale, currency).formatToParts(
    toDecimalString(value) as Intl.StringNumericLiteral,
  );
  const currencyIndex = parts.findIndex((part) => part.type === 'currency');
  const symbolFirst =
    currencyIndex >= 0 && parts.slice(0, currencyIndex).every((part) => part.type !== 'integer');
  // Letters need a space to stay readable ("CHF 12.00"); signs like $ or € sit against a leading number, unless the
  // locale itself spaces them ("€ 1.900,00" in Dutch, D-342).
  const needsSpace = /[\p{L}.]$/u.test(currency.symbol) || !symbolFirst || spacesLeadingSymbol(locale);
  // A right-to-left symbol (﷼) would otherwise pull the digits after it into right-to-left order.
  const symbol = /\p{Script=Arabic}/u.test(currency.symbol) ? `${currency.symbol}\u200E` : currency.symbol;
  return parts
    .map((part, index) => {
      if (part.type === 'currency') return symbol;
      const besideSymbol = index === currencyIndex + 1 || index === currencyIndex - 1;
      if (part.type === 'literal' && besideSymbol && /^\s+$/u.test(part.value))
        return needsSpace ? '\u00A0' : '';
      return part.value;
    })
    .join('');
}

const formatters = new Map<string, Intl.NumberFormat>();

const spacedLocales = new Map<string, boolean>();
/** Whether the locale writes a space after a currency sign that leads the number ("€ 1,00" in nl-NL, not en-US). */
function spacesLeadingSymbol(locale: string): boolean {
  let spaced = spacedLocales.get(locale);
  if (spaced === undefined) {
    const sample = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'narrowSymbol',
    }).format(1);
    spaced = /^€\s/u.test(sample);
    spacedLocales.set(locale, spaced);
  }
  return spaced;
}

function formatterFor(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale}|${currency.value}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.value,
      currencyDisplay: 'code',
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
      // Group thousands in every amount: Spanish and Italian leave 4-digit numbers ungrouped by default
      // ("1428,00 €" above "14.280,00 €" in one column), which no invoice there prints (D-342).
      useGrouping: 'always',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** quantity × unit price in minor units; exact, refused beyond the safe range. */
export function lineTotal(quantity: number, unitPriceMinor: number): number {
  assertSafeInteger(quantity, 'quantity');
  assertSafeInteger(unitPriceMinor, 'unit price');
  return toSafeNumber(BigInt(quantity) * BigInt(unitPriceMinor));
}

/** amount × rate (in hundredths of a percent), rounded half away from zero. 1999 at 2000 bp (20%) → 400. */
export function applyRate(amountMinor: number, rateBasisPoints: number): number {
  assertSafeInteger(amountMinor, 'amount');
  assertSafeInteger(rateBasisPoints, 'rate');
  const product = BigInt(amountMinor) * BigInt(rateBasisPoints);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + BASIS_POINTS_PER_UNIT) / (BASIS_POINTS_PER_UNIT * 2n);
  return toSafeNumber(product < 0n ? -rounded : rounded);
}

/**
 * Line totals, subtotal, tax and total of an invoice. Lines are exact (integer × integer); tax is computed once
 * on the subtotal and rounded half away from zero, so the printed tax always equals subtotal × rate.
 */
export function computeTotals(
  items: ReadonlyArray<{ quantity: number; unitPrice: number }>,
  taxRateBasisPoints: number,
  currency: string,
): InvoiceTotals {
  const code = requireCurrency(currency).value;
  const lines = items.map((item) => money(lineTotal(item.quantity, item.unitPrice), code));
  const subtotal = sumMoney(lines, code);
  const tax = money(applyRate(subtotal.amount, taxRateBasisPoints), code);
  return { lines, subtotal, tax, total: addMoney(subtotal, tax) };
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new MoneyError(`Cannot combine ${a.currency} with ${b.currency}`);
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`The ${what} must be a safe integer, got ${value}`);
}

function toSafeNumber(value: bigint): number {
  if (value > MAX || value < -MAX) throw new MoneyError('Amount exceeds the largest supported value');
  return Number(value);
}
