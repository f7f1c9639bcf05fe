import { invoiceStreamId } from '@remit/contracts';
import { balanceOf, invoiceDecider } from '@remit/domain';
import { type Database, type EventStore, foldEvents } from '@remit/eventstore';
import { eventCodec } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';
import type { InvoiceCandidate } from './matching.js';

const { invoiceCollection, clients } = readModels;

/** What the owner's invoices and clients are called: the read models find candidates (STYLE 14). */
export interface Directory {
  invoices: { invoiceId: string; number: string; customerName: string; customerEmail: string }[];
  clients: { companyName: string; contactName: string; email: string }[];
}

export async function loadDirectory(db: Database, userId: string): Promise<Directory> {
  const [invoices, clientRows] = await Promise.all([
    db
      .select({
        invoiceId: invoiceCollection.invoiceId,
        number: invoiceCollection.number,
        customerName: invoiceCollection.customerName,
        customerEmail: invoiceCollection.customerEmail,
      })
      .from(invoiceCollection)
      .where(eq(invoiceCollection.userId, userId)),
    db
      .select({ companyName: clients.companyName, contactName: clients.contactName, email: clients.email })
      .from(clients)
      .where(eq(clients.userId, userId)),
  ]);
  return { invoices, clients: clientRows };
}

/** The names an invoice's payer may go by: its customer's, and its client's (the same e-mail, D-184). */
export function payerNamesOf(directory: Directory): { invoiceId: string; names: string[] }[] {
  const clientNames = new Map<string, string[]>();
  for (const client of directory.clients) {
    if (!client.email) continue;
    clientNames.set(client.email, [
      ...(clientNames.get(client.email) ?? []),
      client.companyName,
      client.contactName,
    ]);
  }
  return directory.invoices.map((invoice) => ({
    invoiceId: invoice.invoiceId,
    names: [invoice.customerName, ...(clientNames.get(invoice.customerEmail) ?? [])].filter(Boolean),
  }));
}

/**
 * The invoices as their own streams state them (balance, void, credited, currency): a match is decided on
 * the stream, never on a read model that may lag. Another user's invoice is not there.
 */
export async function loadCandidates(
  store: EventStore,
  userId: string,
  invoiceIds: string[],
): Promise<Map<string, InvoiceCandidate>> {
  const found = new Map<string, InvoiceCandidate>();
  const ids = [...new Set(invoiceIds)];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const streams = await store.readStreams(chunk.map(invoiceStreamId));
    for (const invoiceId of chunk) {
      const history = streams.get(invoiceStreamId(invoiceId)) ?? [];
      if (history.length === 0) continue;
      const state = foldEvents(invoiceDecider, history, eventCodec);
      const { content, collection } = state;
      if (!content || state.deleted || state.userId !== userId) continue;
      found.set(invoiceId, {
        invoiceId,
        number: content.number,
        currency: content.currency,
        issueDate: content.issueDate,
        balance: balanceOf(content, collection),
        voided: collection.voided,
        credited: collection.creditNotes.length > 0,
        customerName: content.customer.name,
      });
    }
  }
  return found;
}
