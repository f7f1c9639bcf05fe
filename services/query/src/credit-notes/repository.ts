import {
  CREDIT_NOTES_PAGE_SIZE,
  type CreditNoteIssued,
  type CreditNoteListEntry,
  type CreditNoteSummary,
  type CreditNotesAnswer,
  creditNoteStreamId,
  invoiceStreamId,
  type PublicCreditNote,
  readEvent,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Paywall } from '../billing/repository.js';
import { openInvoice } from '../invoices/locking.js';
import { escapeLike } from '../rows.js';

/**
 * A credit note as its own stream records it: the document it prints and sends. A credit note is read from its
 * stream (no read model holds the document), like the invoice's e-invoice model (D-130).
 */
export async function findCreditNote(
  store: EventStore,
  userId: string,
  id: string,
): Promise<CreditNoteIssued | null> {
  // Ids are UUIDs; anything else names no stream worth reading.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  for (const stored of await store.readStream(creditNoteStreamId(id))) {
    const event = readEvent(stored);
    if (event.type === 'CreditNoteIssued' && event.data.userId === userId) {
      return { ...event.data, issuedAt: stored.createdAt };
    }
  }
  return null;
}

/** The user's own credit note whose invoice is open to them: 404 when not theirs, 402 when its invoice is locked. */
export async function openCreditNote(
  deps: { store: EventStore; paywall: Paywall },
  userId: string,
  id: string,
): Promise<CreditNoteIssued> {
  const creditNote = await findCreditNote(deps.store, userId, id);
  if (!creditNote) throw new AppError('not_found', 'Credit note not found');
  await openInvoice(deps.paywall, userId, creditNote.invoiceId);
  return creditNote;
}

/** The credit notes of an invoice, oldest first, from the invoice's stream and theirs. */
export async function creditNotesOf(store: EventStore, invoiceId: string): Promise<CreditNoteIssued[]> {
  const ids: string[] = [];
  for (const stored of await store.readStream(invoiceStreamId(invoiceId))) {
    const event = readEvent(stored);
    if (event.type === 'InvoiceCredited') ids.push(event.data.creditNoteId);
  }
  if (ids.length === 0) return [];
  const streams = await store.readStreams(ids.map(creditNoteStreamId));
  return ids.flatMap((id) =>
    (streams.get(creditNoteStreamId(id)) ?? []).flatMap((stored) => {
      const event = readEvent(stored);
      return event.type === 'CreditNoteIssued' ? [{ ...event.data, issuedAt: stored.createdAt }] : [];
    }),
  );
}

/** The credit notes an invoice's details list. */
export async function creditNoteSummaries(
  store: EventStore,
  invoiceId: string,
): Promise<CreditNoteSummary[]> {
  return (await creditNotesOf(store, invoiceId)).map((creditNote) => ({
    id: creditNote.creditNoteId,
    number: creditNote.content.number,
    issueDate: creditNote.content.issueDate,
    reason: creditNote.reason,
    full: creditNote.full,
    total: creditNote.content.total,
    currency: creditNote.content.currency,
  }));
}

const { creditNotes } = readModels;
type CreditNoteRow = typeof creditNotes.$inferSelect;

export const toCreditNoteEntry = (row: CreditNoteRow): CreditNoteListEntry => ({
  id: row.id,
  number: row.number,
  issueDate: row.issueDate,
  reason: row.reason,
  full: row.full,
  total: row.total,
  currency: row.currency,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  customerName: row.customerName,
});

async function pageOf(db: Database, where: SQL | undefined, page: number): Promise<CreditNotesAnswer> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(creditNotes)
      .where(where)
      .orderBy(desc(creditNotes.issuedPosition))
      .limit(CREDIT_NOTES_PAGE_SIZE)
      .offset((page - 1) * CREDIT_NOTES_PAGE_SIZE),
    db.select({ total: count() }).from(creditNotes).where(where),
  ]);
  return {
    creditNotes: rows.map(toCreditNoteEntry),
    total: counted?.total ?? 0,
    page,
    pageSize: CREDIT_NOTES_PAGE_SIZE,
  };
}

/** The user's credit notes, newest first, one page; `search` matches numbers, customer name, e-mail, company. */
export function listCreditNotes(
  db: Database,
  userId: string,
  query: { search: string; page: number },
): Promise<CreditNotesAnswer> {
  const mine = eq(creditNotes.userId, userId);
  const where = query.search
    ? and(mine, ilike(creditNotes.search, `%${escapeLike(query.search.toLowerCase())}%`))
    : mine;
  return pageOf(db, where, query.page);
}

/** The credit notes to one customer (by lower-cased e-mail, the client's key), newest first. */
export async function creditNotesToCustomer(
  db: Database,
  userId: string,
  customerEmail: string,
  limit: number,
): Promise<CreditNoteListEntry[]> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.userId, userId), eq(creditNotes.customerEmail, customerEmail)))
    .orderBy(desc(creditNotes.issuedPosition))
    .limit(limit);
  return rows.map(toCreditNoteEntry);
}

/** The credit notes of one of the user's invoices, oldest first, as its customer page lists them. */
export async function creditNotesOfInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<PublicCreditNote[]> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.userId, userId), eq(creditNotes.invoiceId, invoiceId)))
    .orderBy(asc(creditNotes.issuedPosition));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    issueDate: row.issueDate,
    total: row.total,
    reason: row.reason,
    full: row.full,
  }));
}
