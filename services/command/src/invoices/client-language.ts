import { clientStreamId, type DocumentLanguage } from '@remit/contracts';
import { clientDecider } from '@remit/domain';
import { foldEvents, type StoredEvent } from '@remit/eventstore';
import { eventCodec } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, type SQL, sql } from 'drizzle-orm';

const { clients } = readModels;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The streams of the owner's live clients with the customer's e-mail, as a query of stream ids for the
 * event store to read with the command's own streams (`readStreamsAndNamed`: one statement, D-451); undefined
 * when there is no e-mail to look for. The read model finds the candidates; each is decided on its own stream.
 */
export function clientStreamsOf(userId: string, customer: { email: string }): SQL | undefined {
  const email = customer.email.trim().toLowerCase();
  if (!email) return undefined;
  return sql`select ${clientStreamId('')}::text || ${clients.id}::text from ${clients}
    where ${and(eq(clients.userId, userId), eq(clients.email, email), eq(clients.archived, false))}`;
}

/**
 * The document language of the client an invoice is for (issue 30, D-340), when the payload names none: the
 * owner's client with the customer's e-mail (the key that ties invoices to clients, D-184), decided on the
 * client streams `streams` holds (read with `clientStreamsOf`), so a language changed a moment ago counts. Two
 * live clients with that e-mail are told apart by company name; clients that still disagree name no language
 * (null: the owner's default applies), rather than one picked by chance.
 */
export function clientLanguageOf(
  streams: Map<string, StoredEvent[]>,
  userId: string,
  customer: { email: string; companyName: string },
): DocumentLanguage | null {
  const email = customer.email.trim().toLowerCase();
  if (!email) return null;
  const live = [...streams]
    .filter(([streamId]) => streamId.startsWith(clientStreamId('')))
    .map(([, history]) => foldEvents(clientDecider, history, eventCodec))
    .flatMap((client) =>
      client.exists && !client.archived && client.userId === userId && client.details?.email === email
        ? [client.details]
        : [],
    );
  const named = live.filter((details) => same(details.companyName, customer.companyName));
  const languages = new Set((named.length > 0 ? named : live).map((details) => details.language));
  return languages.size === 1 ? ([...languages][0] ?? null) : null;
}
