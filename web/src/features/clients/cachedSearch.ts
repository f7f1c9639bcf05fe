import type { ClientListEntry, Item } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isServerUnreachable } from '../../api/errors';
import { clientKeys, itemKeys } from '../../api/keys';

/**
 * Offline, the wizard finds clients and items among the lists this account fetched before on this device (the
 * cached answers, restored from IndexedDB per account), matched as the server matches: any word of the text.
 */
function cachedMatches<Row extends { id: string }>(
  queryClient: QueryClient,
  prefix: readonly unknown[],
  q: string,
  text: (row: Row) => string,
): Row[] {
  const needle = q.trim().toLowerCase();
  const found = new Map<string, Row>();
  for (const [, answer] of queryClient.getQueriesData<Row[]>({ queryKey: prefix })) {
    for (const row of answer ?? []) {
      if (text(row).toLowerCase().includes(needle)) found.set(row.id, row);
    }
  }
  return [...found.values()];
}

export const searchCachedClients = (queryClient: QueryClient, q: string) =>
  cachedMatches<ClientListEntry>(
    queryClient,
    clientKeys.lists,
    q,
    (client) => `${client.companyName} ${client.contactName} ${client.email}`,
  ).filter((client) => !client.archived);

export const searchCachedItems = (queryClient: QueryClient, q: string) =>
  cachedMatches<Item>(queryClient, itemKeys.all, q, (item) => `${item.name} ${item.description}`);

/**
 * A search's answer, or — when the server cannot be reached (`unreachable`) — what this device cached; any other
 * error answers nothing (spec §8: errors give an empty list).
 */
export function orCached<Row>(
  search: Promise<Row[]>,
  cached: () => Row[],
  unreachable: (error: unknown) => boolean = isServerUnreachable,
): Promise<Row[]> {
  return search.catch((error: unknown) => (unreachable(error) ? cached() : []));
}
