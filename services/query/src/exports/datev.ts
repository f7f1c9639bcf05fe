import {
  type AccountingSettings,
  defaultAccountingSettings,
  defaultAccounts,
  fiscalYearStartOf,
  readEvent,
  revenueAccountKeyOf,
} from '@remit/contracts';
import { sql } from 'drizzle-orm';
import { account, amountText, DATEV_COLUMNS, FIELD, text, ttmm, voucher, yyyymmdd } from './datev-format.js';
import { documentsOfPeriod, type ExportDocument, readDocuments } from './documents.js';
import { type PeriodPayment, paymentsOfPeriod } from './payments.js';
import type { LogSnapshot } from './snapshot.js';

/**
 * DATEV-Format 'Buchungsstapel' (EXTF, Versionsnummer 700, Datenkategorie 21, Formatversion 13), D-262. Line 1 the
 * header a tax advisor's software checks (Berater, Mandant, WJ-Beginn, Sachkontenlänge, Datum von/bis, SKR), line 2
 * the 125 column names, then one booking per document per VAT rate: gross on the revenue account of its VAT
 * category (DATEV's Automatikkonten split off the tax themselves, so no BU-Schlüssel is written), against the
 * receivable account; 'S' for an invoice, 'H' for a credit note (the reverse sign), Belegdatum TTMM, Belegfeld 1
 * the document number, amounts with a decimal comma and no sign; then the period's payments and refunds on the
 * money accounts (D-352). Windows-1252, CRLF line ends: DATEV's default, read by every import path.
 */

/** The header's WKZ: the ledger's currency. */
const LEDGER_CURRENCY = 'EUR';

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
    `"${LEDGER_CURRENCY}"`,
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

/** One booking line: every field empty but those given, in DATEV's positions. */
function bookingLine(values: Partial<Record<keyof typeof FIELD, string>>): string {
  const fields: string[] = new Array(DATEV_COLUMNS.length).fill('');
  for (const [name, value] of Object.entries(values)) fields[FIELD[name as keyof typeof FIELD]] = value;
  return fields.join(';');
}

/** The bookings of one document: one per VAT rate; a void invoice is booked and reversed (a Storno). */
export function datevBookings(document: ExportDocument, settings: AccountingSettings): string[] {
  const { eInvoice, totals } = document;
  const currency = eInvoice.currency;
  const customer = eInvoice.customer.companyName || eInvoice.customer.name;
  const isCredit = document.kind === 'credit_note';
  const delivered = eInvoice.delivery?.kind === 'date' ? eInvoice.delivery.date : eInvoice.delivery?.end;
  const booking = (flag: 'S' | 'H', group: (typeof totals.vatBreakdown)[number], storno: boolean) => {
    const what = storno ? 'Storno' : isCredit ? 'Gutschrift' : 'Rechnung';
    // An intra-community supply names the customer's VAT id (DATEV takes it for the recapitulative statement).
    const namesVatId = (group.category === 'K' || group.category === 'AE') && eInvoice.customer.vatId;
    return bookingLine({
      amount: amountText(group.taxableAmount + group.taxAmount, currency),
      debitCredit: `"${flag}"`,
      currency: `"${currency}"`,
      account: account(settings.receivableAccount, settings.accountLength),
      contra: account(
        settings.revenueAccounts[revenueAccountKeyOf(group.category, group.rate)],
        settings.accountLength,
      ),
      date: ttmm(document.issueDate),
      voucher: voucher(document.number),
      ...(document.corrects ? { voucher2: voucher(document.corrects, 12) } : {}),
      text: text(`${what} ${document.number} ${customer}`, 60),
      ...(namesVatId ? { euVatId: text(namesVatId.replace(/[\s-]+/g, '').toUpperCase(), 15) } : {}),
      ...(delivered
        ? { serviceDate: `${delivered.slice(8, 10)}${delivered.slice(5, 7)}${delivered.slice(0, 4)}` }
        : {}),
    });
  };
  const lines: string[] = [];
  for (const group of totals.vatBreakdown) {
    if (group.taxableAmount + group.taxAmount === 0) continue;
    lines.push(booking(isCredit ? 'H' : 'S', group, false));
    if (document.collectionStatus === 'void') lines.push(booking('H', group, true));
  }
  return lines;
}

/**
 * The bookings of a payment or a refund (D-352): the money account against the receivable account, Belegfeld 1
 * the invoice's number (so the open item is settled by it). A payment is 'S' on the money account, a refund 'H';
 * a payment reversed since is booked and reversed (a Storno), as a void invoice is.
 */
export function paymentBookings(payment: PeriodPayment, settings: AccountingSettings): string[] {
  const { event, invoice } = payment;
  const { data } = event;
  const isPayment = event.type === 'PaymentRecorded';
  const money = moneyAccountOf(data.method, isPayment ? event.data.source : 'owner', settings);
  const number = invoice?.number ?? '';
  const booking = (flag: 'S' | 'H', what: string) =>
    bookingLine({
      amount: amountText(data.amount, data.currency),
      debitCredit: `"${flag}"`,
      currency: `"${data.currency}"`,
      account: account(money, settings.accountLength),
      contra: account(settings.receivableAccount, settings.accountLength),
      date: ttmm(data.date),
      voucher: voucher(number),
      text: text(`${what} ${number} ${invoice?.customer ?? ''}`, 60),
    });
  if (!isPayment) return [booking('H', 'Erstattung')];
  return payment.reversed
    ? [booking('S', 'Zahlung'), booking('H', 'Storno Zahlung')]
    : [booking('S', 'Zahlung')];
}

/** Cash in the till, card and online payments in transit (the provider pays out later), the rest at the bank. */
function moneyAccountOf(method: string, source: string, settings: AccountingSettings): string {
  const accounts = defaultAccounts[settings.chart];
  if (method === 'cash') return accounts.cash;
  if (method === 'card' || method === 'digital' || source !== 'owner') return accounts.transit;
  return accounts.bank;
}

/**
 * The whole file as text chunks (the caller encodes them as Windows-1252): the documents issued in the period, then
 * the money received and paid back in it. DATEV books in the ledger's currency; a document or payment in another
 * one needs the day's rate (DATEV's 'Kurs' may not be empty or 0), which Remit does not keep, so it is left out
 * (D-351); it is in the CSV and XLSX.
 */
export async function* datevChunks(
  snapshot: LogSnapshot,
  period: { from: string; to: string; today: string },
  settings: AccountingSettings,
  createdAt: Date,
): AsyncGenerator<string> {
  yield `${datevHeader(settings, period, createdAt)}\r\n${DATEV_COLUMNS.map((name) => `"${name}"`).join(';')}\r\n`;
  const refs = await documentsOfPeriod(snapshot, period);
  let batch = '';
  const add = (lines: string[]) => {
    for (const line of lines) batch += `${line}\r\n`;
  };
  for await (const document of readDocuments(snapshot, refs, period.today)) {
    if (document.eInvoice.currency === LEDGER_CURRENCY) add(datevBookings(document, settings));
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  for await (const payment of paymentsOfPeriod(snapshot, period)) {
    if (payment.event.data.currency === LEDGER_CURRENCY) add(paymentBookings(payment, settings));
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
