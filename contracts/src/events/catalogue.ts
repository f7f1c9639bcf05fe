import { bankCsvMappingEvents, bankEvents } from './bank.js';
import { billingCustomerEvents, stripeEvents, subscriptionEvents } from './billing.js';
import { clientEvents, itemEvents } from './clients.js';
import { collectionEvents, reminderReservationEvents } from './collection.js';
import { legacyCommandEvents } from './commands.js';
import { creditEvents, creditNoteEvents, documentSeriesEvents } from './credit-notes.js';
import { type EventOf, type EventVersions, InvalidEventError } from './define.js';
import { invoiceDraftEvents, invoiceDraftListEvents } from './drafts.js';
import {
  accountingSettingsEvents,
  documentLanguageEvents,
  invoiceEvents,
  invoiceNumberEvents,
  logoEvents,
  reminderSettingsEvents,
  settingsEvents,
} from './invoices.js';
import {
  connectedAccountEvents,
  onlinePaymentEvents,
  sandboxInvoiceCheckoutEvents,
} from './online-payments.js';
import { paymentMethodEvents, paymentMethodListEvents, profileEvents } from './payment-methods.js';
import { quoteEvents, quoteLinkEvents } from './quotes.js';
import { recurringEvents } from './recurring.js';
import { sandboxCheckoutEvents, sandboxSubscriptionEvents } from './sandbox.js';
import { reservationEvents, sessionEvents, userEvents, userSessionsEvents } from './users.js';

/**
 * Every event type Remit has ever written, with every version of its data (docs/events.md is checked
 * against this in a test). The only way to read a stored event is `readEvent`.
 */
export const eventCatalogue = {
  ...userEvents,
  ...reservationEvents,
  ...sessionEvents,
  ...userSessionsEvents,
  ...invoiceEvents,
  ...collectionEvents,
  ...creditEvents,
  ...creditNoteEvents,
  ...documentSeriesEvents,
  ...quoteEvents,
  ...quoteLinkEvents,
  ...reminderReservationEvents,
  ...reminderSettingsEvents,
  ...accountingSettingsEvents,
  ...documentLanguageEvents,
  ...invoiceNumberEvents,
  ...invoiceDraftEvents,
  ...invoiceDraftListEvents,
  ...logoEvents,
  ...settingsEvents,
  ...paymentMethodEvents,
  ...paymentMethodListEvents,
  ...profileEvents,
  ...subscriptionEvents,
  ...billingCustomerEvents,
  ...stripeEvents,
  ...sandboxCheckoutEvents,
  ...sandboxSubscriptionEvents,
  ...onlinePaymentEvents,
  ...connectedAccountEvents,
  ...sandboxInvoiceCheckoutEvents,
  ...clientEvents,
  ...itemEvents,
  ...bankEvents,
  ...bankCsvMappingEvents,
  ...recurringEvents,
  ...legacyCommandEvents,
} as const satisfies Record<string, EventVersions<unknown>>;

export type EventType = keyof typeof eventCatalogue;
/** Any event of the catalogue, as `{ type, data }` in its current version. */
export type DomainEvent = EventOf<typeof eventCatalogue>;
/** The event of one type. */
export type EventNamed<Type extends EventType> = Extract<DomainEvent, { type: Type }>;

/** A type the catalogue does not know: a log written by a newer Remit, or a broken one. */
export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(readonly type: string) {
    super(`unknown event type ${JSON.stringify(type)}`);
  }
}

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventCatalogue, type);

/** The version new events of this type are written as. */
export function eventVersion(type: string): number {
  if (!isEventType(type)) throw new UnknownEventTypeError(type);
  return eventCatalogue[type].version;
}

/** What a stored event must offer to be read: the rest of it (position, stream, time…) passes through. */
export interface StoredEventShape {
  type: string;
  data: unknown;
  /** The version its data was written as; 1 for events from before versions were recorded. */
  schemaVersion?: number;
  streamId?: string;
  version?: number;
}

/**
 * Reads a stored event: finds its type in the catalogue, parses its data with the schema of the version
 * it was written in and upcasts it to the current version. An unknown type or data that does not match
 * its schema is an error, never silently a state.
 */
export function readEvent<Stored extends StoredEventShape>(
  stored: Stored,
): Omit<Stored, 'type' | 'data'> & DomainEvent {
  const { type } = stored;
  if (!isEventType(type)) throw new UnknownEventTypeError(type);
  let data: unknown;
  try {
    data = eventCatalogue[type].read(stored.schemaVersion ?? 1, stored.data);
  } catch (error) {
    const where = stored.streamId ? ` in ${stored.streamId}@${stored.version}` : '';
    throw new InvalidEventError(`${type}${where} does not match its schema: ${String(error)}`, {
      cause: error,
    });
  }
  return { ...stored, type, data } as Omit<Stored, 'type' | 'data'> & DomainEvent;
}
