import {
  type AccountingSettings,
  defaultAccountingSettings,
  fiscalYearStartOf,
  readEvent,
  revenueAccountKeyOf,
  toDecimalString,
} from '@remit/contracts';
import { sql } from 'drizzle-orm';
import { documentsOfPeriod, type ExportDocument, readDocuments } from './documents.js';
import type { LogSnapshot } from './snapshot.js';

/**
 * DATEV-Format 'Buchungsstapel' (EXTF, Versionsnummer 700, Datenkategorie 21, Formatversion 13), D-262. Line 1 the
 * header a tax advisor's software checks (Berater, Mandant, WJ-Beginn, Sachkontenlänge, Datum von/bis, SKR), line 2
 * the 125 column names, then one booking per document per VAT rate: gross on the revenue account of its VAT
 * category (DATEV's Automatikkonten split off the tax themselves, so no BU-Schlüssel is written), against the
 * receivable account; 'S' for an invoice, 'H' for a credit note (the reverse sign), Belegdatum TTMM, Belegfeld 1
 * the document number, amounts with a decimal comma and no sign. Windows-1252, CRLF line ends: DATEV's default,
 * read by every import path.
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
const AMOUNT = column('Umsatz (ohne Soll/Haben-Kz)');
const DEBIT_CREDIT = column('Soll/Haben-Kennzeichen');
const CURRENCY = column('WKZ Umsatz');
const ACCOUNT = column('Konto');
const CONTRA = column('Gegenkonto (ohne BU-Schlüssel)');
const DATE = column('Belegdatum');
const VOUCHER = column('Belegfeld 1');
const VOUCHER_2 = column('Belegfeld 2');
const TEXT = column('Buchungstext');
const EU_VAT_ID = column('EU-Land u. UStID (Bestimmung)');
const SERVICE_DATE = column('Leistungsdatum');

/** The owner's DATEV details as the snapshot states them; DATEV's defaults until saved. */
export async function accountingSettingsIn(snapshot: LogSnapshot): Promise<AccountingSettings> {
  const [last] = await snapshot.read(sql`type = 'AccountingSettingsChanged'`, [sql`position desc`], 1);
  if (!last) return defaultAccountingSettings;
  const event = readEvent(last);
  if (event.type !== 'AccountingSettingsChanged') return defaultAccountingSettings;
  const { userId: _userId, ...settings } = event.data;
  return settings;
}

/** A Buchungsstapel covers part of one fiscal year; null when the period does, else why not. */
export function periodProblem(
  period: { from: string; to: string },
  settings: AccountingSettings,
): string | null {
  const start = fiscalYearStartOf(period.from, settings.fiscalYearStartMonth);
  if (fiscalYearStartOf(period.to, settings.fiscalYearStartMonth) !== start) {
    return `A DATEV export covers one fiscal year (yours starts on ${start}); export the period in two parts`;
  }
  return null;
}

const yyyymmdd = (day: string) => day.replaceAll('-', '');
/** Belegdatum: day and month (TTMM); the year is the header's. */
const ttmm = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}`;

/** A quoted text field: quotes doubled, line breaks flattened, cut to DATEV's length. */
function text(value: string, max: number): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
  return `"${flat.replaceAll('"', '""')}"`;
}

/** Belegfeld 1 takes letters, digits and $ & % * + - / (36 at most): other characters are left out. */
const voucher = (number: string) => text(number.replace(/[^A-Za-z0-9$&%*+\-/]/g, ''), 36);

/** An SKR account at the owner's account length: DATEV pads general ledger accounts with zeros on the right. */
const account = (number: string, length: number) => number.padEnd(length, '0');

/** "1234,56": no sign (the S/H flag says which way), decimal comma, no thousands separator. */
const amountText = (minor: number, currency: string) =>
  toDecimalString({ amount: Math.abs(minor), currency }).replace('.', ',');

export function datevHeader(
  settings: AccountingSettings,
  period: { from: string; to: string },
  createdAt: Date,
): string {
  const created = createdAt
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 17);
  return [
    '"EXTF"',
    '700',
    '21',
    '"Buchungsstapel"',
    '13',
    created,
    '',
    '"RE"',
    '"Remit"',
    '',
    String(settings.consultantNumber),
    String(settings.clientNumber),
    yyyymmdd(fiscalYearStartOf(period.from, settings.fiscalYearStartMonth)),
    String(settings.accountLength),
    yyyymmdd(period.from),
    yyyymmdd(period.to),
    text(`Remit ${period.from} - ${period.to}`, 30),
    '',
    '1',
    '0',
    '0',
    '"EUR"',
    '',
    '""',
    '',
    '',
    `"${settings.chart === 'SKR03' ? '03' : '04'}"`,
    '',
    '',
    '""',
    '""',
  ].join(';');
}

/** The bookings of one document: one per VAT rate; a void invoice is booked and reversed (a Storno). */
export function datevBookings(document: ExportDocument, settings: AccountingSettings): string[] {
  const { eInvoice, totals } = document;
  const currency = eInvoice.currency;
  const customer = eInvoice.customer.companyName || eInvoice.customer.name;
  const isCredit = document.kind === 'credit_note';
  const lines: string[] = [];
  const booking = (flag: 'S' | 'H', group: (typeof totals.vatBreakdown)[number], storno: boolean) => {
    const fields: string[] = new Array(DATEV_COLUMNS.length).fill('');
    const key = revenueAccountKeyOf(group.category, group.rate);
    fields[AMOUNT] = amountText(group.taxableAmount + group.taxAmount, currency);
    fields[DEBIT_CREDIT] = `"${flag}"`;
    fields[CURRENCY] = `"${currency}"`;
    fields[ACCOUNT] = account(settings.receivableAccount, settings.accountLength);
    fields[CONTRA] = account(settings.revenueAccounts[key], settings.accountLength);
    fields[DATE] = ttmm(document.issueDate);
    fields[VOUCHER] = voucher(document.number);
    if (document.corrects) fields[VOUCHER_2] = voucher(document.corrects);
    const what = storno ? 'Storno' : isCredit ? 'Gutschrift' : 'Rechnung';
    fields[TEXT] = text(`${what} ${document.number} ${customer}`, 60);
    // An intra-community supply names the customer's VAT id (DATEV takes it for the recapitulative statement).
    if ((group.category === 'K' || group.category === 'AE') && eInvoice.customer.vatId) {
      fields[EU_VAT_ID] = text(eInvoice.customer.vatId.replace(/[\s-]+/g, '').toUpperCase(), 15);
    }
    const delivered = eInvoice.delivery?.kind === 'date' ? eInvoice.delivery.date : eInvoice.delivery?.end;
    if (delivered)
      fields[SERVICE_DATE] = `${delivered.slice(8, 10)}${delivered.slice(5, 7)}${delivered.slice(0, 4)}`;
    lines.push(fields.join(';'));
  };
  for (const group of totals.vatBreakdown) {
    if (group.taxableAmount + group.taxAmount === 0) continue;
    booking(isCredit ? 'H' : 'S', group, false);
    if (document.collectionStatus === 'void') booking('H', group, true);
  }
  return lines;
}

/** The whole file as text chunks (the caller encodes them as Windows-1252). */
export async function* datevChunks(
  snapshot: LogSnapshot,
  period: { from: string; to: string; today: string },
  settings: AccountingSettings,
  createdAt: Date,
  skipped: { count: number },
): AsyncGenerator<string> {
  yield `${datevHeader(settings, period, createdAt)}\r\n${DATEV_COLUMNS.map((name) => `"${name}"`).join(';')}\r\n`;
  const refs = await documentsOfPeriod(snapshot, period);
  let batch = '';
  for await (const document of readDocuments(snapshot, refs, period.today)) {
    // DATEV books in the ledger's currency; a foreign-currency document needs a rate Remit does not keep.
    if (document.eInvoice.currency !== 'EUR') {
      skipped.count += 1;
      continue;
    }
    for (const line of datevBookings(document, settings)) batch += `${line}\r\n`;
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

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
    const stripped = char.normalize('NFKD').replace(/\p{M}/gu, '');
    const fallback = [...stripped].map(cp1252Byte);
    if (stripped && fallback.every((byte) => byte !== undefined)) bytes.push(...(fallback as number[]));
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
