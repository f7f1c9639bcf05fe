import {
  type InvoiceDraft,
  invoiceDraftStreamId,
  readEvent,
  userInvoiceDraftsStreamId,
} from '@remit/contracts';
import type { EventStore, StoredEvent } from '@remit/eventstore';
import { AppError } from '@remit/kit';

/**
 * Unissued drafts (issue 27, D-224), read from their streams: the user's list (`user-invoice-drafts-{userId}`) and
 * each draft's own stream, in one query. No read model yet: a user keeps a handful of drafts, and the clients
 * branch's migration must land first (D-225).
 */
function draftOf(userId: string, events: StoredEvent[]): InvoiceDraft | null {
  let draft: InvoiceDraft | null = null;
  let version = 0;
  let duplicateOf: string | null = null;
  for (const stored of events) {
    const event = readEvent(stored);
    // Discarded or issued: no longer a draft.
    if (event.type === 'InvoiceDraftDiscarded' || event.type === 'InvoiceDraftIssued') return null;
    if (event.type !== 'InvoiceDraftSaved') continue;
    if (event.data.userId !== userId) return null;
    version += 1;
    duplicateOf ??= event.data.duplicateOf;
    const { draftId: id, form } = event.data;
    draft = { id, form, version, duplicateOf, updatedAt: stored.createdAt.toISOString() };
  }
  return draft;
}

/** The user's drafts, the most recently saved first. */
export async function listDrafts(store: EventStore, userId: string): Promise<InvoiceDraft[]> {
  const ids = (await store.readStream(userInvoiceDraftsStreamId(userId))).flatMap((stored) => {
    const event = readEvent(stored);
    return event.type === 'InvoiceDraftRegistered' ? [event.data.draftId] : [];
  });
  if (ids.length === 0) return [];
  const streams = await store.readStreams(ids.map(invoiceDraftStreamId));
  return ids
    .flatMap((id) => draftOf(userId, streams.get(invoiceDraftStreamId(id)) ?? []) ?? [])
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
}

/** One of the user's drafts; another user's, a discarded or an issued one is not found. */
export async function findDraft(store: EventStore, userId: string, draftId: string): Promise<InvoiceDraft> {
  const draft = draftOf(userId, await store.readStream(invoiceDraftStreamId(draftId)));
  if (!draft) throw new AppError('not_found', 'Draft not found');
  return draft;
}
