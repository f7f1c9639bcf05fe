import type { StoredEvent } from '@remit/eventstore';
import fc from 'fast-check';
import {
  logoChange,
  paymentMethodChange,
  reminderSettingsChange,
  settingsChange,
  signUp,
  subscriptionChange,
  verification,
} from './projection-events/accounts.js';
import type { Draft } from './projection-events/cast.js';
import { payment, reminder, sharing, voiding } from './projection-events/collection.js';
import { deletion, issueOrRevision, numberReservation, purchase } from './projection-events/invoices.js';

/**
 * Random event sequences for the projections, as they could be in a log: a few users, invoices, payments,
 * links, payment methods, sign-ups, verifications, settings, subscriptions and reminders, so that events
 * meet (created, revised, paid, deleted and created again,
 * payments recorded and reversed on one invoice, one customer e-mail in two cases, an event naming
 * another user's invoice). Not every sequence is one the deciders would allow: the projections must
 * still build the same rows however the sequence is cut into batches.
 */
const draft: fc.Arbitrary<Draft> = fc.oneof(
  signUp,
  verification,
  settingsChange,
  subscriptionChange,
  issueOrRevision,
  deletion,
  numberReservation,
  purchase,
  payment,
  voiding,
  sharing,
  paymentMethodChange,
  reminderSettingsChange,
  reminder,
  logoChange,
);

/** A sequence of events as stored: positions, transaction ids and stream versions in log order. */
export const eventSequence = (maxLength = 60): fc.Arbitrary<StoredEvent[]> =>
  fc.array(draft, { minLength: 1, maxLength, size: 'max' }).map((drafts) => {
    const versions = new Map<string, number>();
    const issued = new Set<string>();
    return drafts.map((drafted, i) => {
      // An invoice is issued once (its stream's decider refuses a second): a later one is a revision.
      let event = drafted;
      if (drafted.type === 'InvoiceIssued') {
        const { status: _status, ...revised } = drafted.data;
        if (issued.has(drafted.streamId)) event = { ...drafted, type: 'InvoiceRevised', data: revised };
        issued.add(drafted.streamId);
      }
      const version = (versions.get(event.streamId) ?? 0) + 1;
      versions.set(event.streamId, version);
      return {
        position: BigInt(i + 1),
        txId: BigInt(i + 1),
        streamId: event.streamId,
        version,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data: event.data,
        metadata: {},
        createdAt: new Date(Date.UTC(2026, 0, 10, 9, 0, i)),
      };
    });
  });

/** Cut points that split a sequence of `length` into consecutive batches of random sizes. */
export const batchSizes = (length: number): fc.Arbitrary<number[]> =>
  fc.array(fc.integer({ min: 1, max: Math.max(1, length) }), { minLength: 1, maxLength: length });
