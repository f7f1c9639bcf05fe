import type { FakeStripe } from '@remit/command/testing/fake-stripe';
import type { InvoiceCollectionDetails } from '@remit/contracts';
import { type EventStore, events } from '@remit/eventstore';
import { max } from 'drizzle-orm';
import type { TestApp } from './harness.js';
import { invoicePayload, postInvoice } from './invoices.js';
import { deliverWebhook, stripeEvent } from './stripe.js';

/** What online payment tests do over and over, against an app paying through the fake Stripe API. */
export function onlinePaymentsKit(app: TestApp, fake: FakeStripe, store: EventStore) {
  let numbered = 0;
  return {
    /** An issued invoice with a customer page link; answers the invoice id and the link's token. */
    async sharedInvoice(token: string, overrides: Parameters<typeof invoicePayload>[0] = {}) {
      numbered += 1;
      const created = await postInvoice(
        app,
        token,
        invoicePayload({ invoiceNumber: `PAY-${numbered}-${Date.now()}`, ...overrides }),
      );
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      const invoiceId = (created.body.invoice as { ID: string }).ID;
      const shared = await app.post(`/invoices/${invoiceId}/share`, {}, { token });
      const pageToken = (shared.body.url as string).split('/i/')[1] as string;
      return { invoiceId, pageToken };
    },

    /** The customer page's 'Pay': the checkout's answer and the session the fake made. */
    async checkout(pageToken: string) {
      const started = await app.post(`/public/invoices/${pageToken}/checkout`);
      const sessionId = [...fake.sessions.keys()].at(-1) as string;
      return { ...started, sessionId };
    },

    /** The invoice's payment events as its stream has them. */
    async payments(invoiceId: string) {
      return (await store.readStream(`invoice-${invoiceId}`))
        .filter((event) => /^Payment(Recorded|Reversed|Restored)$/.test(event.type))
        .map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
    },

    /** The invoice's payments as the owner reads them, once the read side applied everything written so far. */
    async ownerView(token: string, invoiceId: string): Promise<InvoiceCollectionDetails> {
      const [{ head } = { head: null }] = await store.db.select({ head: max(events.position) }).from(events);
      if (head !== null) await app.applied(BigInt(head));
      return (await app.get(`/invoices/${invoiceId}`, { token })).body.Collection as InvoiceCollectionDetails;
    },

    /** A webhook of `type` about `object`, on `account` (null: the platform's own), delivered signed. */
    deliver(type: string, object: Record<string, unknown>, account: string | null) {
      const event = stripeEvent(type, object);
      return deliverWebhook(app, account ? { ...event, account } : event);
    },
  };
}

/** The list in another order, each time. */
export const shuffled = <T>(list: T[]) =>
  list
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
