import { clientStreamId, type DocumentLanguage } from '@remit/contracts';
import { clientDecider } from '@remit/domain';
import { type EventStore, foldEvents } from '@remit/eventstore';
import { eventCodec } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';

const { clients } = readModels;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The document language of the client an invoice is for (issue 30, D-340), when the payload names none: the
 * owner's client with the customer's e-mail (the key that ties invoices to clients, D-184). The read model finds
 * the candidates; each is decided on its own stream, so a language changed a moment ago counts. Two live clients
 * with that e-mail are told apart by company name; clients that still disagree name no language (null: the
 * owner's default applies), rather than one picked by chance.
 */
export async function clientLanguageOf(
  store: EventStore,
  userId: string,
  customer: { email: string; companyName: string },
): Promise<DocumentLanguage | null> {
  const email = customer.email.trim().toLowerCase();
  if (!email) return null;
  const rows = await store.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.email, email), eq(clients.archived, false)));
  if (rows.length === 0) return null;
  const streams = await store.readStreams(rows.map((row) => clientStreamId(row.id)));
  const live = [...streams.values()]
    .map((history) => foldEvents(clientDecider, history, eventCodec))
    .flatMap((client) =>
      client.exists && !client.archived && client.userId === userId && client.details?.email === email
        ? [client.details]
        : [],
    );
  const named = live.filter((details) => same(details.companyName, customer.companyName));
  const languages = new Set((named.length > 0 ? named : live).map((details) => details.language));
  return languages.size === 1 ? ([...languages][0] ?? null) : null;
}
