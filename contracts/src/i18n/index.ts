import { de } from './de.js';
import { type Catalogue, en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { type DocumentLanguage, documentLanguages } from './languages.js';
import { nl } from './nl.js';

/**
 * The document languages (issue 30): one catalogue each for everything a customer reads (the ten PDF templates,
 * the e-mails, the customer page), and the language's own conventions for money, dates, rates and quantities,
 * all through Intl. The app itself stays in English.
 */
export type { Catalogue } from './en.js';

export const catalogues: Record<DocumentLanguage, Catalogue> = { en, de, fr, es, it, nl };

/** The catalogue of a language; anything unknown (an old record, a hostile value) is English. */
export function catalogue(language: string | null | undefined): Catalogue {
  return catalogues[isDocumentLanguage(language) ? language : 'en'];
}

export function isDocumentLanguage(value: unknown): value is DocumentLanguage {
  return typeof value === 'string' && (documentLanguages as readonly string[]).includes(value);
}

/** The language's own name, as a picker lists it ("Deutsch", "Français"). */
export const languageNames: Record<DocumentLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
};

/** "{number} of {date}" with its values; a value is inserted as it is (never read as another placeholder). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "2026-11-27" → "27 November 2026", "27. November 2026", "27 novembre 2026", "27 de noviembre de 2026": the day
 * the date names, read as UTC so no time zone moves it.
 */
export function formatDocumentDate(isoDate: string, language: DocumentLanguage | string = 'en'): string {
  const locale = catalogue(language).locale.date;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** An exact decimal string of `units / 10^scale` (integer arithmetic: never a float). */
function decimalString(units: number, scale: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(units))).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/**
 * A VAT rate in basis points as the language writes a percentage: "20%", "19 %" (de), "20 %" (fr, narrow
 * no-break space), "19,5 %". English keeps the form the PDFs always printed ("19.5%").
 */
export function formatDocumentRate(basisPoints: number, language: DocumentLanguage | string = 'en'): string {
  const locale = catalogue(language).locale.date;
  // 1950 bp is 0.1950: four decimals of a fraction, percent style shows at most two of the percentage.
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    decimalString(basisPoints, 4) as Intl.StringNumericLiteral,
  );
}

/** A quantity in ten-thousandths, or a whole count, with the language's decimal comma or point: "2,5", "1.250". */
export function formatDocumentDecimal(
  units: number,
  scale: number,
  language: DocumentLanguage | string = 'en',
): string {
  const locale = catalogue(language).locale.money;
  return numberFormat(locale, { maximumFractionDigits: scale }).format(
    decimalString(units, scale) as Intl.StringNumericLiteral,
  );
}

/** "Label: value", and in French "Label : value" (a no-break space before the colon, as French typography has it). */
export function labelled(label: string, value: string, language: string | null | undefined): string {
  return `${label}${language === 'fr' ? '\u00A0:' : ':'} ${value}`;
}
