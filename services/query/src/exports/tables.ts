import { type DomainEvent, readEvent, vatCategories } from '@remit/contracts';
import { sql } from 'drizzle-orm';
import { documentsOfPeriod, type ExportDocument, readDocuments } from './documents.js';
import type { LogSnapshot } from './snapshot.js';

/**
 * A cell of an export table. Money is integer minor units with its currency (written as a decimal with the
 * currency's exponent, never through a float); a rate is basis points; a day is yyyy-mm-dd.
 */
export type Cell =
  | string
  | { money: number; currency: string }
  | { rate: number }
  | { day: string }
  | { count: number };

export interface ExportTable {
  /** The file's name without extension: 'invoices', 'payments', 'clients'. */
  name: string;
  header: string[];
  rows: AsyncIterable<Cell[]>;
}

export interface TablePeriod {
  from: string;
  to: string;
  today: string;
}

const vatLabels = new Map<string, string>(vatCategories.map((category) => [category.code, category.label]));

/**
 * Invoices and credit notes: one row per document per VAT rate (the document's VAT breakdown, BG-23), with net,
 * VAT and gross. A credit note's amounts are negative, so a column's sum is what the period billed.
 */
export function invoicesTable(snapshot: LogSnapshot, period: TablePeriod): ExportTable {
  return {
    name: 'invoices',
    header: [
      'Type',
      'Number',
      'Issue date',
      'Due date',
      'Status',
      'Customer',
      'Customer VAT ID',
      'Customer country',
      'Corrects invoice',
      'Currency',
      'VAT category',
      'VAT rate %',
      'Net',
      'VAT',
      'Gross',
    ],
    rows: invoiceRows(snapshot, period),
  };
}

async function* invoiceRows(snapshot: LogSnapshot, period: TablePeriod): AsyncGenerator<Cell[]> {
  const refs = await documentsOfPeriod(snapshot, period);
  for await (const document of readDocuments(snapshot, refs, period.today)) yield* documentRows(document);
}

export function documentRows(document: ExportDocument): Cell[][] {
  const { eInvoice, totals } = document;
  const sign = document.kind === 'credit_note' ? -1 : 1;
  const currency = eInvoice.currency;
  const customer = eInvoice.customer;
  return totals.vatBreakdown.map((group) => [
    document.kind === 'credit_note' ? 'Credit note' : 'Invoice',
    document.number,
    { day: document.issueDate },
    { day: document.dueDate },
    document.status,
    customer.companyName || customer.name,
    customer.vatId ?? '',
    customer.address.country ?? '',
    document.corrects ?? '',
    currency,
    group.category ? `${group.category} ${vatLabels.get(group.category) ?? ''}`.trim() : '',
    { rate: group.rate },
    { money: sign * group.taxableAmount, currency },
    { money: sign * group.taxAmount, currency },
    { money: sign * (group.taxableAmount + group.taxAmount), currency },
  ]);
}

/**
 * Payments recorded (by the day the customer paid) and refunds paid back in the period; a reversed payment stays
 * with its status 'Reversed' (it happened and was taken back), a refund's amount is negative.
 */
export function paymentsTable(snapshot: LogSnapshot, period: TablePeriod): ExportTable {
  return {
    name: 'payments',
    header: [
      'Date',
      'Type',
      'Status',
      'Invoice',
      'Customer',
      'Currency',
      'Amount',
      'Method',
      'Reference',
      'Note',
    ],
    rows: paymentRows(snapshot, period),
  };
}

const PAYMENT_PAGE = 500;

async function* paymentRows(snapshot: LogSnapshot, period: TablePeriod): AsyncGenerator<Cell[]> {
  let after = 0n;
  for (;;) {
    const page = await snapshot.read(
      sql`type in ('PaymentRecorded', 'RefundRecorded') and data->>'date' between ${period.from} and ${period.to}
        and position > ${after.toString()}::bigint`,
      [sql`position`],
      PAYMENT_PAGE,
    );
    if (page.length === 0) return;
    after = page.at(-1)?.position ?? after;
    const invoiceIds = [...new Set(page.map((stored) => stored.streamId))];
    const invoices = await invoiceFacts(snapshot, invoiceIds);
    const rows = page.map((stored) => readEvent(stored)).sort((a, b) => dateOf(a).localeCompare(dateOf(b)));
    for (const event of rows) {
      const facts = invoices.get(`invoice-${'invoiceId' in event.data ? event.data.invoiceId : ''}`);
      if (event.type === 'PaymentRecorded') {
        const { data } = event;
        yield [
          { day: data.date },
          'Payment',
          facts?.reversed.has(data.paymentId) ? 'Reversed' : 'Recorded',
          facts?.number ?? '',
          facts?.customer ?? '',
          data.currency,
          { money: data.amount, currency: data.currency },
          data.method,
          data.reference,
          data.note,
        ];
      } else if (event.type === 'RefundRecorded') {
        const { data } = event;
        yield [
          { day: data.date },
          'Refund',
          'Recorded',
          facts?.number ?? '',
          facts?.customer ?? '',
          data.currency,
          { money: -data.amount, currency: data.currency },
          data.method,
          '',
          '',
        ];
      }
    }
  }
}

const dateOf = (event: DomainEvent) =>
  event.type === 'PaymentRecorded' || event.type === 'RefundRecorded' ? event.data.date : '';

/** An invoice's number, customer and reversed payments, from its stream's content events as linked. */
async function invoiceFacts(snapshot: LogSnapshot, streamIds: string[]) {
  const facts = new Map<string, { number: string; customer: string; reversed: Set<string> }>();
  const events = await snapshot.read(
    sql`stream_id = any(${arrayLiteral(streamIds)}::text[])
      and type in ('InvoiceIssued', 'InvoiceRevised', 'PaymentReversed')`,
  );
  for (const stored of events) {
    const event = readEvent(stored);
    const current = facts.get(stored.streamId) ?? { number: '', customer: '', reversed: new Set<string>() };
    if (event.type === 'InvoiceIssued' || event.type === 'InvoiceRevised') {
      const { customer } = event.data.eInvoice;
      current.number = event.data.number;
      current.customer = customer.companyName || customer.name;
    } else if (event.type === 'PaymentReversed') current.reversed.add(event.data.paymentId);
    facts.set(stored.streamId, current);
  }
  return facts;
}

/** A text[] literal of ids the log made (stream ids): quoted, so no character is read as syntax. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}

/** The client catalogue as the snapshot states it (a list, not a period's records): archived ones marked. */
export function clientsTable(snapshot: LogSnapshot): ExportTable {
  return {
    name: 'clients',
    header: [
      'Company',
      'Contact',
      'Email',
      'VAT ID',
      'Tax number',
      'Type',
      'Street',
      'Post code',
      'City',
      'Country',
      'Currency',
      'Payment terms (days)',
      'Status',
    ],
    rows: clientRows(snapshot),
  };
}

async function* clientRows(snapshot: LogSnapshot): AsyncGenerator<Cell[]> {
  const clients = new Map<string, { details: Cell[]; archived: boolean }>();
  // A freelancer's catalogue: hundreds of rows, one small object each.
  for (const stored of await snapshot.read(
    sql`type in ('ClientCreated', 'ClientChanged', 'ClientArchived')`,
    [sql`position`],
  )) {
    const event = readEvent(stored);
    if (event.type === 'ClientArchived') {
      const client = clients.get(event.data.clientId);
      if (client) client.archived = true;
    } else if (event.type === 'ClientCreated' || event.type === 'ClientChanged') {
      const { data } = event;
      clients.set(data.clientId, {
        archived: clients.get(data.clientId)?.archived ?? false,
        details: [
          data.companyName,
          data.contactName,
          data.email,
          data.vatId,
          data.taxNumber,
          data.type,
          data.address.street,
          data.address.postCode,
          data.address.city,
          data.address.country,
          data.currency ?? '',
          data.paymentTermsDays === null ? '' : { count: data.paymentTermsDays },
        ],
      });
    }
  }
  const sorted = [...clients.values()].sort((a, b) =>
    String(a.details[0]).localeCompare(String(b.details[0])),
  );
  for (const client of sorted) yield [...client.details, client.archived ? 'Archived' : 'Active'];
}
