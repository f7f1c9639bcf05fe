import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listInvoices } from '../../api/invoiceList';
import { invoiceKeys, onlinePaymentKeys, type PageCursor } from '../../api/keys';
import { fetchOnlinePayments } from '../../api/onlinePayments';
import { wait } from '../../lib/format';

/** Spec §9. */
const PAGE_SIZE = 15;
const DASHBOARD_DELAY_MS = 400;

/** One dashboard page; cached (and persisted to IndexedDB) so the list reads offline. */
export function invoiceListQuery(
  page: number,
  search: string,
  status = '',
  cursor: PageCursor | null = null,
) {
  return queryOptions({
    queryKey: invoiceKeys.list(page, search, status, cursor),
    queryFn: async ({ signal }) => {
      const [answer] = await Promise.all([
        listInvoices(
          { page, limit: PAGE_SIZE, search: search || undefined, status: status || undefined, ...cursor },
          signal,
        ),
        wait(DASHBOARD_DELAY_MS),
      ]);
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

/** The status filter's value that lists credit notes instead of invoices (issue 27). */
export const CREDIT_NOTES_FILTER = 'credit_notes';

/** How often the dashboard asks again while customers can pay online (a payment lands by itself). */
export const ONLINE_PAYMENTS_REFRESH_MS = 5_000;

/** Whether the owner takes online payments (issue 31); /profile's card reads the same cache. */
export function onlinePaymentsQuery() {
  return queryOptions({
    queryKey: onlinePaymentKeys.status,
    queryFn: ({ signal }) => fetchOnlinePayments(signal),
    staleTime: 60_000,
  });
}

/** The status filter's values that list quotes in a state instead of invoices (issue 33): `quotes:Accepted`. */
export const QUOTES_FILTER_PREFIX = 'quotes:';
