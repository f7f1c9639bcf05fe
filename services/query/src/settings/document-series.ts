import {
  type DocumentSeries,
  documentKindPrefixes,
  documentKinds,
  documentSeriesStreamId,
  formatDocumentNumber,
  readEvent,
} from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';

/**
 * The user's numbered series (issue 27 item 1) as /profile shows them, folded from their streams as the command
 * side decides on them (domain's number-series): the prefix and next number the owner set, else the kind's default
 * prefix after the last number given. One stream per kind, read together.
 */
export async function findDocumentSeries(store: EventStore, userId: string): Promise<DocumentSeries[]> {
  const streams = await store.readStreams(documentKinds.map((kind) => documentSeriesStreamId(userId, kind)));
  return documentKinds.map((kind) => {
    let prefix: string = documentKindPrefixes[kind];
    let next = 1;
    let last: string | null = null;
    for (const stored of streams.get(documentSeriesStreamId(userId, kind)) ?? []) {
      const event = readEvent(stored);
      if (event.type === 'DocumentSeriesChanged') {
        prefix = event.data.prefix;
        next = event.data.nextSequence;
      } else if (event.type === 'DocumentNumberAssigned') {
        next = event.data.sequence + 1;
        last = event.data.number;
      }
    }
    return { kind, prefix, nextNumber: next, next: formatDocumentNumber(prefix, next), last };
  });
}
