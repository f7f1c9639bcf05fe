import { type DomainEvent, eventVersion, readEvent } from '@remit/contracts';
import type { EventCodec, EventEnvelope } from '@remit/eventstore';

/** A stored event read through the catalogue: its current-version data and where it sits in the log. */
export type RecordedEvent<Event extends DomainEvent = DomainEvent> = Event & EventEnvelope;

/** The catalogue as the event store's executor reads and writes events with it. */
export const eventCodec: EventCodec = { read: readEvent, versionOf: eventVersion };

/** For the `default` of a switch over a union: a value the types say cannot come is an error at run time. */
export function unreachable(value: never): never {
  const type = (value as { type?: unknown } | null)?.type;
  throw new Error(`unexpected ${typeof type === 'string' ? type : JSON.stringify(value)}`);
}
