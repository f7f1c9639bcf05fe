import fc from 'fast-check';

/** The few users and invoices every random event names, so that events about the same things meet. */
export const USERS = ['u1', 'u2'];
const INVOICES = ['i1', 'i2', 'i3', 'i4'];

/** An invoice's owner, mostly; now and then another user names it (the projections check ownership). */
const ownerOf = (invoice: string) => USERS[INVOICES.indexOf(invoice) % USERS.length] as string;
export const user = (invoice: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(ownerOf(invoice)) },
    { weight: 1, arbitrary: fc.constantFrom(...USERS) },
  );

export const invoiceArb = fc.constantFrom(...INVOICES);

/** An event before it has a place in the log (eventSequence gives it a position and a stream version). */
export interface Draft {
  type: string;
  streamId: string;
  data: Record<string, unknown>;
  schemaVersion?: number;
}
