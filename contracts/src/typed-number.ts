/**
 * Numbers as people type them (docs/decisions.md, "Typed numbers keep their meaning"). A typed number is
 * read exactly or refused; it is never read as another number. Either mark may be the decimal separator;
 * a thousands separator (comma, point, space, no-break space or apostrophe) must sit between groups of
 * three digits. A lone comma or point followed by exactly three digits ("1,234", "1.000") reads both
 * ways, so it is refused as unclear rather than guessed.
 */
export type TypedNumber =
  | { kind: 'number'; negative: boolean; whole: string; fraction: string }
  | { kind: 'empty' }
  | { kind: 'invalid' }
  /** A lone mark before exactly three digits: `whole` and `fraction` as if the mark were the decimal one. */
  | { kind: 'unclear'; negative: boolean; whole: string; fraction: string };

export type ReadNumber = Extract<TypedNumber, { kind: 'number' }>;

const EMPTY: TypedNumber = { kind: 'empty' };
const INVALID: TypedNumber = { kind: 'invalid' };

const NUMBER_CHARACTERS = /^[\d.,'’ \u00A0\u202F]+$/;
const FIRST_GROUP = /^[1-9]\d{0,2}$/;
const GROUP = /^\d{3}$/;

const isDigit = (char: string) => char >= '0' && char <= '9';

// Made once: `toLocaleString` with options builds a formatter per call (~25 µs each, several per invoice
// line, a measurable share of an IssueInvoice's CPU); the output is the same.
const PLAIN_NUMBER = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

export function number(negative: boolean, whole: string, fraction: string): ReadNumber {
  const digits = whole.replace(/^0+/, '') || '0';
  const zero = digits === '0' && !/[1-9]/.test(fraction);
  return { kind: 'number', negative: negative && !zero, whole: digits, fraction };
}

/**
 * Reads what was typed into a number field. A JSON number is unambiguous and read as JavaScript prints
 * it; a string is read by the rule above. Surrounding spaces and a leading + or − are allowed.
 */
export function readTypedNumber(value: unknown): TypedNumber {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return INVALID;
    const [whole = '0', fraction = ''] = PLAIN_NUMBER.format(value).replace('-', '').split('.');
    return number(value < 0, whole, fraction);
  }
  if (typeof value !== 'string') return INVALID;
  const text = value.trim();
  if (text === '') return EMPTY;
  const signed = /^[+\-\u2212]/.test(text);
  const negative = signed && text[0] !== '+';
  const body = signed ? text.slice(1) : text;
  if (!NUMBER_CHARACTERS.test(body) || !/\d/.test(body)) return INVALID;

  const separators = [...body].filter((char) => !isDigit(char));
  if (separators.length === 0) return number(negative, body, '');
  const last = separators[separators.length - 1] as string;
  // The last mark is the decimal separator when it is a point or a comma used only once.
  const isDecimal = (last === '.' || last === ',') && separators.indexOf(last) === separators.length - 1;
  const at = isDecimal ? body.lastIndexOf(last) : body.length;
  const whole = body.slice(0, at);
  const fraction = body.slice(at + 1);

  const grouping = new Set([...whole].filter((char) => !isDigit(char)));
  if (grouping.size > 1) return INVALID;
  if (grouping.size === 1) {
    const [group] = grouping as Set<string>;
    const groups = whole.split(group as string);
    if (!FIRST_GROUP.test(groups[0] ?? '') || !groups.slice(1).every((part) => GROUP.test(part))) {
      return INVALID;
    }
    return number(negative, groups.join(''), fraction);
  }
  if (whole === '' && fraction === '') return INVALID;
  if (fraction.length === 3 && FIRST_GROUP.test(whole))
    return { ...number(negative, whole, fraction), kind: 'unclear' };
  return number(negative, whole, fraction);
}

/** A read number as a plain decimal string with a point: "-1234.50". */
export function decimalString(read: Pick<ReadNumber, 'negative' | 'whole' | 'fraction'>): string {
  return `${read.negative ? '-' : ''}${read.whole}${read.fraction ? `.${read.fraction}` : ''}`;
}

/** Decimals of a plain decimal string that change its value (trailing zeros do not): "12.50" has 1. */
export function significantDecimals(decimal: string): number {
  return (decimal.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** Compares a non-negative read number with a whole limit, exactly: above 1,000,000,000? */
export function isAboveLimit(read: ReadNumber, limit: number): boolean {
  const whole = BigInt(read.whole);
  const max = BigInt(limit);
  return whole > max || (whole === max && /[1-9]/.test(read.fraction));
}
