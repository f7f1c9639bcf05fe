import { type EventNamed, readEvent } from '@remit/contracts';
import { sql } from 'drizzle-orm';
import type { LogSnapshot } from './snapshot.js';

/** A payment or a refund of the period, with what the export says of its invoice. */
export interface PeriodPayment {
  event: EventNamed<'PaymentRecorded' | 'RefundRecorded'>;
  invoice: { number: string; customer: string } | null;
  /** A payment taken back since, all of it (as the snapshot states it). */
  reversed: boolean;
  /** What of it was taken back (a provider's partial refund; less what a won dispute restored). */
  reversedAmount: number;
}

const PAYMENT_PAGE = 500;

/**
 * Payments recorded and refunds paid back in the period (by the day the customer paid), a page at a time in log
 * order, each page by day: what the payments table and the DATEV bookings are made of (D-265, D-352).
 */
export async function* paymentsOfPeriod(
  snapshot: LogSnapshot,
  period: { from: string; to: string },
): AsyncGenerator<PeriodPayment> {
  let after = 0n;
  for (;;) {
    const page = await snapshot.read(
      sql`type in ('PaymentRecorded', 'RefundRecorded') and data->>'date' between ${period.from} and ${period.to}
        and position > ${after.toString()}::bigint`,
      [sql`position`],
      PAYMENT_PAGE,
    );
    if (page.length === 0) return;
    after = page.at(-1)?.position ?? after;
    const invoices = await invoiceFacts(snapshot, [...new Set(page.map((stored) => stored.streamId))]);
    const events = page
      .map((stored) => readEvent(stored))
      .filter((event) => event.type === 'PaymentRecorded' || event.type === 'RefundRecorded')
      .sort((a, b) => a.data.date.localeCompare(b.data.date));
    for (const event of events) {
      const facts = invoices.get(`invoice-${event.data.invoiceId}`);
      const reversedAmount =
        event.type === 'PaymentRecorded' ? (facts?.reversed.get(event.data.paymentId) ?? 0) : 0;
      yield {
        event,
        invoice: facts ? { number: facts.number, customer: facts.customer } : null,
        reversed: event.type === 'PaymentRecorded' && reversedAmount >= event.data.amount,
        reversedAmount,
      };
    }
  }
}

/**
 * An invoice's number, customer and what of each payment was reversed (less what a won dispute restored), from
 * its stream's events as linked.
 */
async function invoiceFacts(snapshot: LogSnapshot, streamIds: string[]) {
  const facts = new Map<string, { number: string; customer: string; reversed: Map<string, number> }>();
  const events = await snapshot.read(
    sql`stream_id = any(${arrayLiteral(streamIds)}::text[])
      and type in ('InvoiceIssued', 'InvoiceRevised', 'PaymentReversed', 'PaymentRestored')`,
  );
  for (const stored of events) {
    const event = readEvent(stored);
    const current = facts.get(stored.streamId) ?? { number: '', customer: '', reversed: new Map() };
    if (event.type === 'InvoiceIssued' || event.type === 'InvoiceRevised') {
      const { customer } = event.data.eInvoice;
      current.number = event.data.number;
      current.customer = customer.companyName || customer.name;
    } else if (event.type === 'PaymentReversed' || event.type === 'PaymentRestored') {
      const { paymentId, amount } = event.data;
      const change = event.type === 'PaymentReversed' ? amount : -amount;
      current.reversed.set(paymentId, (current.reversed.get(paymentId) ?? 0) + change);
    }
    facts.set(stored.streamId, current);
  }
  return facts;
}

/** A text[] literal of ids the log made (stream ids): quoted, so no character is read as syntax. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}
