import { ALL_FONT_COVERAGE, BASE_FONT_COVERAGE } from './font-coverage.js';
import type { EInvoice } from './model.js';

/**
 * Which characters the PDF can draw: the fonts the renderer ships (font-coverage.ts, generated from them). A
 * Factur-X PDF is PDF/A, which refuses a character no font has, so readiness names such characters before the
 * invoice is issued rather than the download failing or printing a box.
 */
type Ranges = Array<[number, number]>;

const parse = (list: string): Ranges =>
  list.split(' ').map((range) => {
    const [start, end] = range.split(',').map(Number);
    return [start ?? 0, end ?? start ?? 0];
  });

let all: Ranges | undefined;
let base: Ranges | undefined;

function covered(ranges: Ranges, point: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = ranges[middle] as [number, number];
    if (point < start) high = middle - 1;
    else if (point > end) low = middle + 1;
    else return true;
  }
  return false;
}

/** Line breaks, tabs and the control characters the PDF drops before drawing: no glyph is needed for them. */
const needsNoGlyph = (point: number) => point < 0x20 || (point >= 0x7f && point <= 0x9f);

/** The distinct characters of `text` that no shipped font can draw. */
export function undrawableCharacters(text: string): string[] {
  all ??= parse(ALL_FONT_COVERAGE);
  const missing = new Set<string>();
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (!needsNoGlyph(point) && !covered(all, point)) missing.add(char);
  }
  return [...missing];
}

/** Whether `text` has a character only the wide fonts (CJK, Hebrew, emoji) can draw. */
export function needsWideFonts(text: string): boolean {
  base ??= parse(BASE_FONT_COVERAGE);
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (!needsNoGlyph(point) && !covered(base, point)) return true;
  }
  return false;
}

/**
 * Every text the PDF prints must be drawable by a shipped font (drawable.ts): the Factur-X PDF is PDF/A, which
 * has no place for a character without a glyph.
 */
export function undrawableIssues(invoice: EInvoice): Array<{ term: string; field: string; message: string }> {
  const { seller, customer, paymentMethod: method } = invoice;
  const party = (who: typeof seller | typeof customer, prefix: 'seller' | 'customer', label: string) => [
    [`${prefix}.name`, `${label} name`, who.name],
    [`${prefix}.companyName`, `${label} company name`, who.companyName],
    [
      `${prefix}.address`,
      `${label} address`,
      [...who.address.lines, who.address.city, who.address.region].join(' '),
    ],
  ];
  const texts: Array<[field: string, label: string, text: string]> = [
    ...(party(seller, 'seller', 'Seller') as Array<[string, string, string]>),
    ...(party(customer, 'customer', 'Customer') as Array<[string, string, string]>),
    ...invoice.items.map(
      (line, index) =>
        [`items.${index}.description`, `Line ${index + 1}`, line.description] as [string, string, string],
    ),
    ['notes', 'Notes', invoice.notes],
    ['terms', 'Terms', invoice.terms],
    ['paymentTerms', 'Payment terms', invoice.paymentTerms],
    ['vat.exemption', 'VAT exemption reason', invoice.vat.exemption?.text ?? ''],
    ['paymentMethod', 'Payment method', method ? Object.values(method).join(' ') : ''],
  ];
  return texts.flatMap(([field, label, text]) => {
    const missing = undrawableCharacters(text);
    if (missing.length === 0) return [];
    const shown = missing.map(
      (char) => `${char} (U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`,
    );
    return [
      {
        term: 'PDF',
        field,
        message: `${label}: no font can print ${shown.join(', ')}; please remove or replace it`,
      },
    ];
  });
}
