import {
  type CollectionStatus,
  collectionStatusLabels,
  collectionStatusOf,
  computeEInvoiceTotals,
  type EInvoice,
  type EInvoiceTotals,
  type InvoiceRecord,
  readEvent,
  withTypedAddresses,
} from '@remit/contracts';
import { invoiceDecider } from '@remit/domain';
import { foldEvents } from '@remit/eventstore';
import { eventCodec } from '@remit/kit';
import { sql } from 'drizzle-orm';
import type { LogSnapshot } from './snapshot.js';

/** An invoice or a credit note of the period, as the snapshot states it: what every export writes. */
export interface ExportDocument {
  kind: 'invoice' | 'credit_note';
  id: string;
  number: string;
  issueDate: string;
  dueDate: string;
  /** The collection status's label on the export's day ('Paid', 'Void' …); a credit note is 'Issued'. */
  status: string;
  collectionStatus: CollectionStatus | null;
  /** The invoice a credit note corrects. */
  corrects: string | null;
  eInvoice: EInvoice;
  totals: EInvoiceTotals;
  /** What the PDF renderer reads besides the model. */
  content: InvoiceRecord;
  /** The day it was voided (the PDF's stamp), or null. */
  voidedOn: string | null;
  /** When it was issued (the PDF's creation time). */
  issuedAt: Date;
}

/** Which document of the period, in the export's order: issue date, then number. */
export interface DocumentRef {
  kind: 'invoice' | 'credit_note';
  id: string;
  number: string;
  issueDate: string;
}

const invoiceContentTypes = sql`type in ('InvoiceIssued', 'InvoiceRevised', 'InvoiceDeleted')`;

/**
 * The owner's invoices (their latest content's issue date in the period, not deleted) and credit notes (issued in
 * the period), oldest first. Only ids, numbers and dates are kept: 10,000 documents are a few hundred kilobytes.
 */
export async function documentsOfPeriod(
  snapshot: LogSnapshot,
  period: { from: string; to: string },
): Promise<DocumentRef[]> {
  const invoiceRows = await snapshot.select<{
    stream_id: string;
    type: string;
    number: string | null;
    issue_date: string | null;
  }>(
    sql`distinct on (stream_id) stream_id, type, data->>'number' as number, data->>'issueDate' as issue_date`,
    sql`${invoiceContentTypes} and stream_id like 'invoice-%'`,
    sql`stream_id, version desc`,
  );
  const refs: DocumentRef[] = [];
  for (const row of invoiceRows) {
    if (row.type === 'InvoiceDeleted' || !row.issue_date || !row.number) continue;
    if (row.issue_date < period.from || row.issue_date > period.to) continue;
    refs.push({
      kind: 'invoice',
      id: row.stream_id.slice('invoice-'.length),
      number: row.number,
      issueDate: row.issue_date,
    });
  }
  const creditRows = await snapshot.select<{ stream_id: string; number: string; issue_date: string }>(
    sql`stream_id, data->'content'->>'number' as number, data->'content'->>'issueDate' as issue_date`,
    sql`type = 'CreditNoteIssued' and data->'content'->>'issueDate' between ${period.from} and ${period.to}`,
    sql`position`,
  );
  for (const row of creditRows) {
    refs.push({
      kind: 'credit_note',
      id: row.stream_id.slice('credit-note-'.length),
      number: row.number,
      issueDate: row.issue_date,
    });
  }
  return refs.sort(
    (a, b) =>
      a.issueDate.localeCompare(b.issueDate) ||
      (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1) ||
      a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
}

/** How many documents are read from the log at once: bounded memory whatever the period holds. */
export const DOCUMENT_PAGE = 200;

/** The documents of `refs`, a page at a time, each folded from its own stream as the snapshot states it. */
export async function* readDocuments(
  snapshot: LogSnapshot,
  refs: readonly DocumentRef[],
  today: string,
): AsyncGenerator<ExportDocument> {
  for (let start = 0; start < refs.length; start += DOCUMENT_PAGE) {
    yield* await loadDocuments(snapshot, refs.slice(start, start + DOCUMENT_PAGE), today);
  }
}

/** One page of documents, in the order of `refs`. */
export async function loadDocuments(
  snapshot: LogSnapshot,
  refs: readonly DocumentRef[],
  today: string,
): Promise<ExportDocument[]> {
  const streamIds = refs.map((ref) =>
    ref.kind === 'invoice' ? `invoice-${ref.id}` : `credit-note-${ref.id}`,
  );
  if (streamIds.length === 0) return [];
  const history = new Map<string, Awaited<ReturnType<LogSnapshot['read']>>>();
  for (const stored of await snapshot.read(sql`stream_id = any(${`{${streamIds.join(',')}}`}::text[])`)) {
    const list = history.get(stored.streamId) ?? [];
    list.push(stored);
    history.set(stored.streamId, list);
  }
  const documents: ExportDocument[] = [];
  refs.forEach((ref, index) => {
    const events = history.get(streamIds[index] ?? '') ?? [];
    const document = ref.kind === 'invoice' ? invoiceOf(ref, events, today) : creditNoteOf(ref, events);
    if (document) documents.push(document);
  });
  return documents;
}

type Stored = Awaited<ReturnType<LogSnapshot['read']>>[number];

function invoiceOf(ref: DocumentRef, events: Stored[], today: string): ExportDocument | null {
  const state = foldEvents(invoiceDecider, events, eventCodec);
  if (!state.content || state.deleted) return null;
  const content = state.content;
  const eInvoice = withTypedAddresses(content.eInvoice, content);
  const voided = events.findLast((event) => event.type === 'InvoiceVoided');
  const { collection } = state;
  const status = collectionStatusOf(
    {
      total: content.total,
      amountPaid: collection.paid,
      voided: collection.voided,
      issueDate: content.issueDate,
      dueDate: content.dueDate,
      credited: collection.credited,
      refunded: collection.refunded,
      fullyCredited: collection.fullyCredited,
    },
    today,
  );
  return {
    kind: 'invoice',
    id: ref.id,
    number: content.number,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    status: collectionStatusLabels[status],
    collectionStatus: status,
    corrects: null,
    eInvoice,
    totals: computeEInvoiceTotals(eInvoice),
    content,
    voidedOn: voided ? voided.createdAt.toISOString().slice(0, 10) : null,
    issuedAt: state.issuedAt ?? events[0]?.createdAt ?? new Date(0),
  };
}

function creditNoteOf(ref: DocumentRef, events: Stored[]): ExportDocument | null {
  for (const stored of events) {
    const event = readEvent(stored);
    if (event.type !== 'CreditNoteIssued') continue;
    const { content } = event.data;
    const eInvoice = withTypedAddresses(content.eInvoice, content);
    return {
      kind: 'credit_note',
      id: ref.id,
      number: content.number,
      issueDate: content.issueDate,
      dueDate: content.dueDate,
      status: 'Issued',
      collectionStatus: null,
      corrects: event.data.invoice.number,
      eInvoice,
      totals: computeEInvoiceTotals(eInvoice),
      content,
      voidedOn: null,
      issuedAt: stored.createdAt,
    };
  }
  return null;
}
