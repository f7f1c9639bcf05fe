import { readEvent, vatCategories } from '@remit/contracts';
import { sql } from 'drizzle-orm';
import { documentsOfPeriod, type ExportDocument, readDocuments } from './documents.js';
import { paymentsOfPeriod } from './payments.js';
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
      'Fee',
      'Method',
      'Reference',
      'Note',
    ],
    rows: paymentRows(snapshot, period),
  };
}

async function* paymentRows(snapshot: LogSnapshot, period: TablePeriod): AsyncGenerator<Cell[]> {
  for await (const { event, invoice, reversed, reversedAmount } of paymentsOfPeriod(snapshot, period)) {
    const { data } = event;
    const isPayment = event.type === 'PaymentRecorded';
    yield [
      { day: data.date },
      isPayment ? 'Payment' : 'Refund',
      reversed ? 'Reversed' : reversedAmount > 0 ? 'Reversed in part' : 'Recorded',
      invoice?.number ?? '',
      invoice?.customer ?? '',
      data.currency,
      { money: isPayment ? data.amount : -data.amount, currency: data.currency },
      { money: isPayment ? event.data.fee : 0, currency: data.currency },
      data.method,
      isPayment ? event.data.reference : '',
      isPayment ? event.data.note : '',
    ];
  }
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
