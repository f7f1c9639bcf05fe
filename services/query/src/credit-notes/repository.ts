import {
  type CreditNoteIssued,
  type CreditNoteSummary,
  creditNoteStreamId,
  invoiceStreamId,
  readEvent,
} from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import type { Paywall } from '../billing/repository.js';
import { openInvoice } from '../invoices/locking.js';

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
