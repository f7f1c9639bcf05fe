import { toDecimalString } from '@remit/contracts';

/**
 * The DATEV-Format's field rules (Formatversion 13 of the Buchungsstapel, as DATEV's format description states
 * them): the 125 column names in order, how a text, a Belegfeld, an account, an amount and a date are written, and
 * Windows-1252, the character set every DATEV import path reads (D-262).
 */

/** The column names of Formatversion 13, in DATEV's order. */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, index) => [
    `Beleginfo - Art ${index + 1}`,
    `Beleginfo - Inhalt ${index + 1}`,
  ]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, index) => [
    `Zusatzinformation - Art ${index + 1}`,
    `Zusatzinformation - Inhalt ${index + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

const column = (name: string) => {
  const index = DATEV_COLUMNS.indexOf(name);
  if (index < 0) throw new Error(`No DATEV column ${name}`);
  return index;
};
/** The positions of the fields Remit fills. */
export const FIELD = {
  amount: column('Umsatz (ohne Soll/Haben-Kz)'),
  debitCredit: column('Soll/Haben-Kennzeichen'),
  currency: column('WKZ Umsatz'),
  account: column('Konto'),
  contra: column('Gegenkonto (ohne BU-Schlüssel)'),
  date: column('Belegdatum'),
  voucher: column('Belegfeld 1'),
  voucher2: column('Belegfeld 2'),
  text: column('Buchungstext'),
  euVatId: column('EU-Land u. UStID (Bestimmung)'),
  serviceDate: column('Leistungsdatum'),
} as const;

export const yyyymmdd = (day: string) => day.replaceAll('-', '');
/** Belegdatum: day and month (TTMM); the year is the header's. */
export const ttmm = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}`;

/** A quoted text field: quotes doubled, line breaks flattened, cut to DATEV's length. */
export function text(value: string, max: number): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
  return `"${flat.replaceAll('"', '""')}"`;
}

/**
 * Belegfeld 1 takes letters, digits and $ & % * + - / (36 at most), Belegfeld 2 the same, 12 at most: other
 * characters are left out.
 */
export const voucher = (number: string, max: 36 | 12 = 36) =>
  text(number.replace(/[^A-Za-z0-9$&%*+\-/]/g, ''), max);

/** An SKR account at the owner's account length: DATEV pads general ledger accounts with zeros on the right. */
export const account = (number: string, length: number) => number.padEnd(length, '0');

/** "1234,56": no sign (the S/H flag says which way), decimal comma, no thousands separator. */
export const amountText = (minor: number, currency: string) =>
  toDecimalString({ amount: Math.abs(minor), currency }).replace('.', ',');

/** Windows-1252 has these in 0x80–0x9F, where Latin-1 has control codes. */
const CP1252_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Letters with a stroke or bar: Unicode gives them no decomposition, so the marks cannot be stripped off. */
const UNMARKED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

const cp1252Byte = (char: string): number | undefined => {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return CP1252_EXTRA[char];
};

/**
 * Text as Windows-1252. A letter it lacks is written without its marks where that makes one ('ł' stays 'l', 'Ő'
 * 'O'); anything else (Japanese, Arabic …) as '?': DATEV's default import reads no other character set (D-262).
 */
export function encodeCp1252(value: string): Buffer {
  const bytes: number[] = [];
  for (const char of value) {
    const direct = cp1252Byte(char);
    if (direct !== undefined) {
      bytes.push(direct);
      continue;
    }
    const stripped = UNMARKED[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    const fallback = [...stripped].map(cp1252Byte);
    if (stripped && fallback.every((byte) => byte !== undefined)) bytes.push(...(fallback as number[]));
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
