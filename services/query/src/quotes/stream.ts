import {
  type InvoiceRecord,
  type QuoteAnswer,
  quoteLinkStreamId,
  quoteStreamId,
  readEvent,
} from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { formatDate } from '../pdf/template-data.js';

/** A quote as its own stream records it: the document, its link and answer, and its History (oldest first). */
export interface StreamQuote {
  quoteId: string;
  userId: string;
  number: string;
  validUntil: string;
  timeZone: string;
  form: Record<string, unknown>;
  content: InvoiceRecord;
  sent: boolean;
  tokenHash: string | null;
  answer: QuoteAnswer | null;
  invoice: { id: string; number: string } | null;
  createdAt: Date;
  history: { at: string; text: string }[];
}

/**
 * Reads a quote from its stream: the document is on no read model (as a credit note's, D-130), and the page's
 * answer needs what the customer saw. Null when it does not exist or was deleted.
 */
export async function readQuote(store: EventStore, quoteId: string): Promise<StreamQuote | null> {
  // Ids are UUIDs; anything else names no stream worth reading.
  if (!/^[0-9a-f-]{36}$/i.test(quoteId)) return null;
  let quote: StreamQuote | null = null;
  for (const stored of await store.readStream(quoteStreamId(quoteId))) {
    const event = readEvent(stored);
    const at = stored.createdAt.toISOString();
    const told = (text: string) => quote?.history.push({ at, text });
    switch (event.type) {
      case 'QuoteCreated': {
        const { userId, number, validUntil, timeZone, form, content } = event.data;
        quote = {
          quoteId,
          userId,
          number,
          validUntil,
          timeZone,
          form,
          content,
          sent: false,
          tokenHash: null,
          answer: null,
          invoice: null,
          createdAt: stored.createdAt,
          history: [],
        };
        told(`Quote ${number} created, valid until ${formatDate(validUntil)}`);
        break;
      }
      case 'QuoteRevised':
        if (!quote) break;
        Object.assign(quote, {
          validUntil: event.data.validUntil,
          timeZone: event.data.timeZone,
          form: event.data.form,
          content: event.data.content,
        });
        told(`Changed; valid until ${formatDate(event.data.validUntil)}`);
        break;
      case 'QuoteDeleted':
        return null;
      case 'QuoteSent':
        if (!quote) break;
        quote.sent = true;
        told(`Sent to ${event.data.to.join(', ')}`);
        break;
      case 'QuoteShared':
        if (!quote) break;
        // A send makes a link too; the send's line says it.
        if (!quote.history.at(-1)?.text.startsWith('Sent to') || quote.history.at(-1)?.at !== at) {
          told('Customer page link made');
        }
        quote.sent = true;
        quote.tokenHash = event.data.tokenHash;
        break;
      case 'QuoteAccepted':
      case 'QuoteDeclined': {
        if (!quote) break;
        const accepted = event.type === 'QuoteAccepted';
        const { name, note, day } = event.data;
        quote.answer = { accepted, name, note, day };
        told(`${accepted ? 'Accepted' : 'Declined'} by ${name}${note ? `: “${note}”` : ''}`);
        break;
      }
      case 'QuoteInvoiced':
        if (!quote) break;
        quote.invoice = { id: event.data.invoiceId, number: event.data.invoiceNumber };
        told(`Converted to invoice ${event.data.invoiceNumber}`);
        break;
      default:
        break;
    }
  }
  return quote;
}

/** The quote a customer page link opens, while it is the quote's current link; null for anything else. */
export async function readLinkedQuote(store: EventStore, tokenHash: string): Promise<StreamQuote | null> {
  const [link] = (await store.readStream(quoteLinkStreamId(tokenHash))).map(readEvent);
  if (link?.type !== 'QuoteLinkMade') return null;
  const quote = await readQuote(store, link.data.quoteId);
  return quote && quote.tokenHash === tokenHash ? quote : null;
}
